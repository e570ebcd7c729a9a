; Inno Setup script for Future Path Desktop (Windows).
;
;   iscc /DAppVersion=0.1.0 /DBundleDir=..\..\build\windows\dist\futurepath-desktop packaging\windows\futurepath.iss
;
; packaging/windows/build.ps1 builds the PyInstaller bundle and then runs this.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\..\build\windows\dist\futurepath-desktop"
#endif

[Setup]
AppId={{6F1E3C52-8B1D-4D7A-9C39-2B5C7E0F4A11}
AppName=Future Path Desktop
AppVersion={#AppVersion}
AppPublisher=Future Path Desktop developers
DefaultDirName={autopf}\Future Path Desktop
DefaultGroupName=Future Path Desktop
UninstallDisplayIcon={app}\futurepath-desktop.exe
OutputDir=..\..\dist
OutputBaseFilename=futurepath-desktop-{#AppVersion}-windows-setup
SetupIconFile=..\..\resources\icons\futurepath-desktop.ico
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
LicenseFile=..\..\LICENSE

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Future Path Desktop"; Filename: "{app}\futurepath-desktop.exe"
Name: "{group}\Future Path Desktop (demo session)"; Filename: "{app}\futurepath-desktop.exe"; Parameters: "--demo"
Name: "{group}\{cm:UninstallProgram,Future Path Desktop}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Future Path Desktop"; Filename: "{app}\futurepath-desktop.exe"; Tasks: desktopicon

[Registry]
; Session files (.fpsession) open in the app.
Root: HKA; Subkey: "Software\Classes\.fpsession"; ValueType: string; ValueName: ""; ValueData: "FuturePath.Session"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\FuturePath.Session"; ValueType: string; ValueName: ""; ValueData: "Future Path session"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\FuturePath.Session\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\futurepath-desktop.exe,0"
Root: HKA; Subkey: "Software\Classes\FuturePath.Session\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\futurepath-desktop.exe"" ""%1"""

[Run]
Filename: "{app}\futurepath-desktop.exe"; Parameters: "--demo"; Description: "{cm:LaunchProgram,Future Path Desktop}"; Flags: nowait postinstall skipifsilent
