/**
 * The DOM side of download() and open(). The SDK compiles without the DOM library (it also runs in
 * Node), so the few browser APIs used are described here and looked up on globalThis at call time.
 */

interface LinkElement {
  href: string;
  download: string;
  rel: string;
  click(): void;
}

interface BrowserDocument {
  createElement(tag: 'a'): LinkElement;
  body: { appendChild(node: LinkElement): unknown; removeChild(node: LinkElement): unknown };
}

interface BrowserWindow {
  open(url: string, target: string): unknown;
}

export interface Browser {
  document: BrowserDocument;
  window: BrowserWindow;
}

export function currentBrowser(): Browser | null {
  const g = globalThis as { document?: BrowserDocument; window?: BrowserWindow };
  return g.document && g.window ? { document: g.document, window: g.window } : null;
}

export function outsideBrowserError(method: 'download' | 'open'): Error {
  return new Error(
    `${method}() ne peut pas être utilisé en dehors d'un navigateur ; utilisez fetchBinary() pour obtenir les octets.`,
  );
}

/** Clicks a temporary `<a download>`; the link and its object URL are removed after `lifetimeMs`. */
export function saveBlob(browser: Browser, blob: Blob, fileName: string, lifetimeMs: number): void {
  const url = URL.createObjectURL(blob);
  const link = browser.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  browser.document.body.appendChild(link); // Firefox ignores clicks on detached links
  link.click();
  setTimeout(() => {
    browser.document.body.removeChild(link);
    URL.revokeObjectURL(url);
  }, lifetimeMs);
}

/**
 * Opens the blob in a new tab. window.open after an await is no longer inside the user's click, so
 * a popup blocker may refuse it: that is reported instead of failing silently.
 */
export function openBlob(browser: Browser, blob: Blob, lifetimeMs: number): void {
  const url = URL.createObjectURL(blob);
  const opened = browser.window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), lifetimeMs);
  if (!opened) {
    throw new Error("Le nouvel onglet n'a pas pu être ouvert (bloqueur de fenêtres surgissantes ?).");
  }
}
