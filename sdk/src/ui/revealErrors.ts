/**
 * An error a person cannot see is an error they never get (issue 12: an invalid e-mail, and
 * « Enregistrer » seemed to do nothing). After a refused submit, the first invalid field — else the
 * first error message — is scrolled to the middle of the screen and, for a field, focused: the
 * screen reader reads its label and its message (Mantine ties them with aria-describedby).
 *
 * `installErrorRevealer` (the shell installs it once) does it for every form after a submit that
 * the form's own validation refused; `applyApiError` does it after the server refused. Both wait
 * for React to draw the errors.
 */

const INVALID = '[aria-invalid="true"]';
const ALERT = '[role="alert"]';

/** Calls `fn` after the next two frames: React has drawn what the submit changed. */
function afterPaint(win: Window, fn: () => void): void {
  win.requestAnimationFrame(() => win.requestAnimationFrame(fn));
}

/** The part of the page the error belongs to: an open dialog, else the screen. */
function scopeOf(doc: Document, root?: Element | null): ParentNode {
  if (root?.isConnected) return root;
  const dialogs = doc.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  return dialogs[dialogs.length - 1] ?? doc.querySelector('main') ?? doc;
}

/**
 * Brings the first error of `root` into view: its first invalid field (focused), else its first
 * alert. Answers whether there was one. Leaves the focus alone when it is already on an invalid field.
 */
export function revealFirstError(doc: Document = document, root?: Element | null): boolean {
  const scope = scopeOf(doc, root);
  const field = scope.querySelector<HTMLElement>(INVALID);
  if (field) {
    field.scrollIntoView({ block: 'center', behavior: 'auto' });
    if (!doc.activeElement?.matches(INVALID)) field.focus({ preventScroll: true });
    return true;
  }
  const alert = scope.querySelector<HTMLElement>(ALERT);
  if (alert) {
    alert.scrollIntoView({ block: 'center', behavior: 'auto' });
    return true;
  }
  return false;
}

/** `revealFirstError` once React has drawn the errors just set. */
export function revealErrorsSoon(doc: Document = document, root?: Element | null): void {
  const win = doc.defaultView;
  if (win) afterPaint(win, () => revealFirstError(doc, root));
}

/** Every submitted form whose fields end up invalid shows its first error. Answers the uninstaller. */
export function installErrorRevealer(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  function onSubmit(event: Event): void {
    const form = event.target;
    if (!(form instanceof win.HTMLFormElement)) return;
    // only the form's own fields: an alert of another part of the page is not this submit's
    afterPaint(win, () => {
      if (form.isConnected && form.querySelector(INVALID)) revealFirstError(doc, form);
    });
  }
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
