import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render';
import {
  DownloadError,
  POPUP_BLOCKED_MESSAGE,
  downloadFile,
  fetchBlob,
  filenameFromContentDisposition,
  openPdfInNewTab,
  type Fetcher,
} from './download';

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="bookings-2026-11-21.xlsx"', 'bookings-2026-11-21.xlsx'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment; filename="a; b.pdf"', 'a; b.pdf'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf", 'résumé final.pdf'],
    ["attachment; filename=\"fallback.pdf\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf", '日本.pdf'],
    ["attachment; filename*=utf-8'en'na%C3%AFve.csv", 'naïve.csv'],
    ["attachment; filename*=iso-8859-1''caf%E9.txt", 'café.txt'],
    ['attachment; FILENAME="Upper.PDF"', 'Upper.PDF'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
  ])('reads %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it('falls back to the plain name when the extended one is malformed', () => {
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=\"plain.pdf\"")).toBe(
      'plain.pdf',
    );
  });

  it.each([[null], [undefined], [''], ['attachment'], ['inline; filename=""'], ['attachment; filename=".."']])(
    "defaults to 'downloaded-file' for %s",
    (header) => {
      expect(filenameFromContentDisposition(header)).toBe('downloaded-file');
    },
  );

  it('takes a caller fallback', () => {
    expect(filenameFromContentDisposition(null, 'export.xlsx')).toBe('export.xlsx');
  });
});

describe('downloadFile', () => {
  let clicked: HTMLAnchorElement[];
  const createObjectURL = vi.fn((blob: Blob) => `blob:test/${blob.size}`);
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    clicked = [];
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    // jsdom has no object URLs and does not download.
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true, writable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  function respond(body: string, headers: Record<string, string> = {}, status = 200): Fetcher {
    return vi.fn<Fetcher>(async () => new Response(body, { status, headers }));
  }

  it('fetches with the file headers and saves under the Content-Disposition name', async () => {
    vi.useFakeTimers();
    const fetcher = respond('xlsx-bytes', { 'Content-Disposition': 'attachment; filename="bookings.xlsx"' });

    const result = await downloadFile('/api/clients/bookings?format=xlsx', { fetcher });

    expect(result).toEqual({ filename: 'bookings.xlsx', size: 10 });
    const [url, init] = vi.mocked(fetcher).mock.calls[0] ?? [];
    expect(url).toBe('/api/clients/bookings?format=xlsx');
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept')).toContain('application/octet-stream');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('bookings.xlsx');
    expect(clicked[0]?.href).toBe('blob:test/10');
    // The anchor is temporary and the object URL is released later, not leaked.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/10');
  });

  it("names the file 'downloaded-file' when the response names none", async () => {
    const result = await downloadFile('/file', { fetcher: respond('x') });
    expect(result.filename).toBe('downloaded-file');
    expect(clicked[0]?.download).toBe('downloaded-file');
  });

  it("keeps the caller's headers and lets a given filename win", async () => {
    const fetcher = respond('x', { 'Content-Disposition': 'attachment; filename="server.pdf"' });
    const result = await downloadFile('/file', {
      fetcher,
      filename: 'mine.pdf',
      init: { headers: { 'X-XSRF-TOKEN': 'token', Accept: 'application/pdf' } },
    });
    const headers = new Headers(vi.mocked(fetcher).mock.calls[0]?.[1]?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('token');
    expect(headers.get('Accept')).toBe('application/pdf');
    expect(result.filename).toBe('mine.pdf');
  });

  it('rejects with the status and saves nothing when the server refuses', async () => {
    const failing = downloadFile('/file', { fetcher: respond('{"message":"Forbidden"}', {}, 403) });
    await expect(failing).rejects.toBeInstanceOf(DownloadError);
    await expect(downloadFile('/file', { fetcher: respond('', {}, 422) })).rejects.toMatchObject({ status: 422 });
    expect(clicked).toHaveLength(0);
  });

  it('fetchBlob gives the body as a blob', async () => {
    const blob = await fetchBlob('/file.pdf', { fetcher: respond('%PDF-1.7') });
    expect(await blob.text()).toBe('%PDF-1.7');
  });
});

describe('openPdfInNewTab', () => {
  const createObjectURL = vi.fn(() => 'blob:test/pdf');

  beforeEach(() => {
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    renderWithProviders(createElement('div'));
  });

  afterEach(() => {
    act(() => notifications.clean());
    vi.restoreAllMocks();
  });

  function fakeTab() {
    return { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  }

  it('opens a blob through an object URL and cuts the opener link', () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);

    expect(openPdfInNewTab(new Blob(['%PDF'], { type: 'application/pdf' }))).toBe(true);
    expect(open).toHaveBeenCalledWith('blob:test/pdf', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('opens a returned URL as is', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
    expect(openPdfInNewTab('https://files.example.com/report.pdf')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://files.example.com/report.pdf', '_blank');
  });

  it('returns false and tells the user when the pop-up is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);

    let opened: boolean | undefined;
    act(() => {
      opened = openPdfInNewTab('/report.pdf');
    });

    expect(opened).toBe(false);
    expect(await screen.findByText(POPUP_BLOCKED_MESSAGE)).toBeInTheDocument();
    expect(POPUP_BLOCKED_MESSAGE).toBe('Failed to open new tab. Make sure your browser allows pop-ups.');
  });

  it('opens the tab before the file arrives and points it at the file afterwards', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let resolve: (blob: Blob) => void = () => {};
    const pending = new Promise<Blob>((settle) => {
      resolve = settle;
    });

    const result = openPdfInNewTab(pending);
    // Still inside the click: the tab must already be open.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('');

    resolve(new Blob(['%PDF']));
    await expect(result).resolves.toBe(true);
    expect(tab.location.href).toBe('blob:test/pdf');
  });

  it('closes the blank tab and rethrows when the file fails', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await expect(openPdfInNewTab(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(tab.close).toHaveBeenCalled();
  });

  it('reports a blocked pop-up for a pending file too', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    let result: Promise<boolean> | undefined;
    act(() => {
      result = openPdfInNewTab(Promise.resolve('/report.pdf'));
    });
    await expect(result).resolves.toBe(false);
    expect(await screen.findByText(POPUP_BLOCKED_MESSAGE)).toBeInTheDocument();
  });
});
