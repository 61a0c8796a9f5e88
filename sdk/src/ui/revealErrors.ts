/**
 * An error a person cannot see is an error they never get (issue 12: an invalid e-mail, and
 * « Enregistrer » seemed to do nothing). After a refused submit, the first invalid field — else the
 * first error message — is scrolled to the middle of the screen and, for a field, focused: the
 * screen reader reads its label and its message (Mantine ties them with aria-describedby).
 *
 * `installErrorRevealer` (the shell installs it once) does it for every form after a submit that
 * the form's own validation refused, and for every error message (`role="alert"`) that appears
 * out of view just after the person did something (a click, a key, a submit: « Enregistrer » on a
 * long editor whose message shows at the top); `applyApiError` does it after the server refused.
 * They wait for React to draw the errors. Toasts are left alone: they are always in view.
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

/** an alert that appears this long after the person's last action is that action's answer */
const ANSWER_MS = 4_000;

function outOfView(el: Element, win: Window): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom <= 0 || r.top >= win.innerHeight;
}

/**
 * Every submitted form whose fields end up invalid shows its first error; an error message that
 * appears out of view right after an action is scrolled to. Answers the uninstaller.
 */
export function installErrorRevealer(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  let lastAction = 0;
  const acted = () => { lastAction = Date.now(); };

  function onSubmit(event: Event): void {
    acted();
    const form = event.target;
    if (!(form instanceof win.HTMLFormElement)) return;
    // only the form's own fields: an alert of another part of the page is not this submit's
    afterPaint(win, () => {
      if (form.isConnected && form.querySelector(INVALID)) revealFirstError(doc, form);
    });
  }

  const observer = new win.MutationObserver((records) => {
    if (Date.now() - lastAction > ANSWER_MS) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof win.Element)) continue;
        const alert = node.matches(ALERT) ? node : node.querySelector(ALERT);
        if (!alert || alert.closest('.mantine-Notifications-root')) continue;
        afterPaint(win, () => {
          // an invalid field being revealed has the focus: its message is next to it
          if (alert.isConnected && outOfView(alert, win) && !doc.activeElement?.matches(INVALID)) alert.scrollIntoView({ block: 'center' });
        });
        return;
      }
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('pointerdown', acted, true);
  doc.addEventListener('keydown', acted, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('pointerdown', acted, true);
    doc.removeEventListener('keydown', acted, true);
  };
}
