import { useState } from 'react';
import { Divider, ListItemText, Menu, MenuItem } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { REPORT_DOWNLOADS, REPORT_DOWNLOADS_TEXT, reportDownloadQuery, type ReportDownloadDef } from '@ar/rules';
import { housePath } from '../../api/housePath';
import { downloadUrl } from '../../common/downloadFile';
import { ToolbarButton } from '../../kit/ToolbarButton';

interface Session {
  catalogRef: string;
  prefix: string;
  title: string;
}

/** The link of one report download (`GET /app/house/{houseRef}/{path}?catalogRefs=` or `?catalogRef=`). */
export function reportDownloadPath(houseRef: string, def: ReportDownloadDef, catalogRefs: readonly string[]): string {
  return `${housePath(houseRef, def.path)}?${reportDownloadQuery(def, catalogRefs)}`;
}

/**
 * The Sale Results screen's report downloads (spec 001 "Results and reports"; columns in
 * docs/reports.md): Max Bids and Session Summary for the selected sessions, Bidders and Payments and
 * Collections per session. Each item is a link the browser follows with the session cookie; the
 * server streams the XLSX and names the file.
 */
export function ReportDownloadsMenu({ houseRef, sessions }: { houseRef: string; sessions: readonly Session[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const refs = sessions.map((s) => s.catalogRef);
  const open = (def: ReportDownloadDef, catalogRefs: readonly string[]) => {
    setAnchor(null);
    downloadUrl(reportDownloadPath(houseRef, def, catalogRefs), '');
  };
  const selection = REPORT_DOWNLOADS.filter((d) => d.scope === 'sessions');
  const perSession = REPORT_DOWNLOADS.filter((d) => d.scope === 'session');
  return (
    <>
      <ToolbarButton
        icon={<AssessmentIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'report-downloads-menu' : undefined}
        data-testid="report-downloads"
      >
        {REPORT_DOWNLOADS_TEXT.menu}
      </ToolbarButton>
      <Menu id="report-downloads-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {selection.map((d) => (
          <MenuItem key={d.path} onClick={() => open(d, refs)} data-testid={`report-${d.path}`}>
            <ListItemText
              primary={`${d.title} (.XLSX)`}
              secondary={sessions.length > 1 ? `${sessions.length} sessions` : sessions[0]?.title}
            />
          </MenuItem>
        ))}
        {perSession.flatMap((d) => [
          <Divider key={`${d.path}-divider`} />,
          ...sessions.map((s) => (
            <MenuItem
              key={`${d.path}-${s.catalogRef}`}
              onClick={() => open(d, [s.catalogRef])}
              data-testid={`report-${d.path}-${s.catalogRef}`}
            >
              <ListItemText primary={`${d.title} (.XLSX)`} secondary={`${s.prefix} · ${s.title}`} />
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
