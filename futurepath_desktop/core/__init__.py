"""The rules core: pure functions and small frozen value types. No Qt, no I/O, no state.

Every module cites the rulings in ``shared/rules/RULINGS.md`` that it implements.
"""
