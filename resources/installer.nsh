; Included by electron-builder's NSIS installer (electron-builder.config.ts, nsis.include).
; Registers Ringside for tel: and callto: links (and ringside:, a team server's enrollment links), as the
; macOS bundle (CFBundleURLTypes) and the Linux desktop entry (MimeType) do, so the app need not at run
; time (src-main/shell/protocol.ts):
; - a ProgID per scheme that opens the link with Ringside;
; - Ringside's capabilities (RegisteredApplications), so Windows offers it in Settings > Default apps;
; - the scheme itself, where no application handles it yet (another app's choice is left alone).
; SHCTX is HKCU for a per-user install, HKLM for a per-machine one. Uninstalling removes what was added.
; The command puts `--` before the link: Chromium reads nothing after it as a switch, so a link that breaks
; out of its quotes cannot add options (CVE-2018-1000006); the app reads the link after `--` only
; (src-main/shell/telLinks.ts).

!define RINGSIDE_LINK_COMMAND '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" -- "%1"'
; What an older Ringside registered (no `--`): replaced on upgrade, removed on uninstall, like our own.
!define RINGSIDE_OLD_LINK_COMMAND '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'

!macro ringsideRegisterScheme SCHEME
  WriteRegStr SHCTX "Software\Classes\Ringside.${SCHEME}" "" "${SCHEME}: link (Ringside)"
  WriteRegStr SHCTX "Software\Classes\Ringside.${SCHEME}" "URL Protocol" ""
  WriteRegStr SHCTX "Software\Classes\Ringside.${SCHEME}\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr SHCTX "Software\Classes\Ringside.${SCHEME}\shell\open\command" "" '${RINGSIDE_LINK_COMMAND}'
  WriteRegStr SHCTX "Software\Ringside\Capabilities\URLAssociations" "${SCHEME}" "Ringside.${SCHEME}"
  ReadRegStr $0 SHCTX "Software\Classes\${SCHEME}\shell\open\command" ""
  ${If} $0 == ""
  ${OrIf} $0 == '${RINGSIDE_OLD_LINK_COMMAND}'
    WriteRegStr SHCTX "Software\Classes\${SCHEME}" "" "URL:${SCHEME}"
    WriteRegStr SHCTX "Software\Classes\${SCHEME}" "URL Protocol" ""
    WriteRegStr SHCTX "Software\Classes\${SCHEME}\shell\open\command" "" '${RINGSIDE_LINK_COMMAND}'
  ${EndIf}
!macroend

!macro ringsideUnregisterScheme SCHEME
  DeleteRegKey SHCTX "Software\Classes\Ringside.${SCHEME}"
  ReadRegStr $0 SHCTX "Software\Classes\${SCHEME}\shell\open\command" ""
  ${If} $0 == '${RINGSIDE_LINK_COMMAND}'
  ${OrIf} $0 == '${RINGSIDE_OLD_LINK_COMMAND}'
    DeleteRegKey SHCTX "Software\Classes\${SCHEME}"
  ${EndIf}
!macroend

!macro customInstall
  WriteRegStr SHCTX "Software\Ringside\Capabilities" "ApplicationName" "Ringside"
  WriteRegStr SHCTX "Software\Ringside\Capabilities" "ApplicationDescription" "Click-to-dial for contact-center agents"
  !insertmacro ringsideRegisterScheme "tel"
  !insertmacro ringsideRegisterScheme "callto"
  !insertmacro ringsideRegisterScheme "ringside"
  WriteRegStr SHCTX "Software\RegisteredApplications" "Ringside" "Software\Ringside\Capabilities"
!macroend

!macro customUnInstall
  !insertmacro ringsideUnregisterScheme "tel"
  !insertmacro ringsideUnregisterScheme "callto"
  !insertmacro ringsideUnregisterScheme "ringside"
  DeleteRegValue SHCTX "Software\RegisteredApplications" "Ringside"
  DeleteRegKey SHCTX "Software\Ringside"
!macroend
