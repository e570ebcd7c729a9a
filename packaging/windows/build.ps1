# Build the Windows installer: a PyInstaller onedir bundle, then Inno Setup.
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
$ErrorActionPreference = "Stop"
$Root = Resolve-Path "$PSScriptRoot\..\.."
$Build = Join-Path $Root "build\windows"
$Version = python -c "import tomllib; print(tomllib.load(open(r'$Root\pyproject.toml','rb'))['project']['version'])"
New-Item -ItemType Directory -Force -Path $Build, (Join-Path $Root "dist") | Out-Null
python -m venv "$Build\venv"
& "$Build\venv\Scripts\python" -m pip install -q --upgrade pip
& "$Build\venv\Scripts\python" -m pip install -q "pyinstaller==6.22.3" "$Root"
& "$Build\venv\Scripts\pyinstaller" --noconfirm --log-level WARN `
    --distpath "$Build\dist" --workpath "$Build\work" "$Root\packaging\futurepath.spec"
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
$Iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe"
if (-not (Test-Path $Iscc)) { choco install innosetup -y --no-progress | Out-Null }
& $Iscc "/DAppVersion=$Version" "/DBundleDir=$Build\dist\futurepath-desktop" "$Root\packaging\windows\futurepath.iss"
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
