import { useDataProvider, type CrudFilter, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import type { ExportTicket, ExportTicketRequest } from '../../contracts/exports';
import { EXPORTS_BUSY_REASON } from '../../contracts/paging';
import { API_BASE_URL } from '../../lib/api-client';
import { toListQuery } from '../providers/data-provider';
import { ADMIN_CALLS, findResource, type ResourceName } from '../resources';

/** Why the last export did not start: the process streams as many exports as it may, or anything else. */
type CsvExportFailure = 'busy' | 'failed';

/**
 * "Export CSV" of a list: every row its search and filters select. The session's token asks the
 * server for a download ticket (through the data provider); the browser's download manager then
 * fetches the ticket's URL, so the file streams to disk, never through this page's memory, shows
 * its progress, and can be cancelled there. The token never appears in a URL
 * (docs/decisions/022-exports-stream-through-download-tickets.md).
 */
export function useCsvExport(resource: ResourceName, listPath: string, filters: CrudFilter[], fileName: string) {
  const getDataProvider = useDataProvider();
  const [isExporting, setIsExporting] = useState(false);
  const [failure, setFailure] = useState<CsvExportFailure | undefined>();

  async function exportCsv() {
    setIsExporting(true);
    setFailure(undefined);
    try {
      const { custom } = getDataProvider();
      if (!custom) throw new Error('The data provider has no custom calls');
      const listQuery = toListQuery({ mode: 'off' }, undefined, filters, findResource(resource));
      const query = Object.fromEntries(Object.entries(listQuery).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      const { data } = await custom<ExportTicket & Record<string, unknown>>({
        url: ADMIN_CALLS.exportTicket.path,
        method: ADMIN_CALLS.exportTicket.method,
        payload: { path: listPath, query } satisfies ExportTicketRequest,
      });
      startDownload(data.url, fileName);
    } catch (error) {
      setFailure((error as Partial<HttpError> | undefined)?.reason === EXPORTS_BUSY_REASON ? 'busy' : 'failed');
    } finally {
      setIsExporting(false);
    }
  }

  return { exportCsv, isExporting, failure };
}

/**
 * Hands a ticket's URL to the browser's download manager: a click on a link that names a file is a
 * download, not a navigation, so the page stays, the history gains no entry and no Referer leaves.
 */
function startDownload(ticketUrl: string, fileName: string): void {
  // The server answers the URL on its own origin (`/api/...`); the web app may reach the API elsewhere (VITE_API_URL).
  const href = ticketUrl.startsWith('/api/') ? `${API_BASE_URL}${ticketUrl.slice('/api'.length)}` : ticketUrl;
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noreferrer';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
