/**
 * The standalone public booking page (README « Public booking »): for a company without a website,
 * and the target of the website block's link and of the cancellation link. Plain HTML and one
 * small script from the same origin (no inline script: its policy allows only 'self'); the script
 * calls the public JSON routes with the company header, as any client of spec 001 §7 does.
 */
import { escapeHtml } from '@comptoir/sdk';

/** sandboxed but scripted: the request layer keeps a policy that says `sandbox` (server/src/http/headers.ts) */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox allow-scripts allow-same-origin allow-forms";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f4f1;color:#222}main{max-width:760px;margin:0 auto;padding:24px}
h1{font-size:1.6rem}label{display:block;margin:8px 0}input,select,textarea,button{font:inherit;padding:6px 8px}fieldset{border:1px solid #ccc;border-radius:6px;margin:12px 0}
.starts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}.starts button{border:1px solid #8a4b2a;background:#fff;border-radius:6px;cursor:pointer}
.starts button[aria-pressed=true]{background:#8a4b2a;color:#fff}.error{color:#b00020}.ok{color:#1b5e20}.price{font-weight:600}`;

export function pageHtml(companyId: string | null, roomId: string | null, cancelKey: string | null): string {
  const data = JSON.stringify({ company: companyId, room: roomId, cancel: cancelKey });
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Réserver une salle</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main id="app" data-booking="${escapeHtml(data)}">
<h1>Réserver une salle</h1>
<noscript><p>Cette page a besoin de JavaScript pour afficher les horaires libres.</p></noscript>
<div id="cancel" hidden><p>Voulez-vous annuler votre réservation ?</p><button type="button" id="cancel-button">Annuler ma réservation</button></div>
<form id="ask" hidden>
<label>Salle <select id="room" name="room"></select></label>
<p id="room-description"></p>
<label>Jour <input type="date" id="day" name="day" required></label>
<label>Durée <select id="duration" name="duration"></select></label>
<label id="mode-label" hidden>Formule <select id="mode" name="mode"></select></label>
<fieldset id="people"><legend>Personnes</legend></fieldset>
<button type="submit">Voir les horaires libres</button>
</form>
<section id="starts-section" hidden><h2>Horaires libres</h2><p id="price" class="price"></p><div id="starts" class="starts"></div></section>
<form id="book" hidden>
<h2>Vos coordonnées</h2>
<label>Nom <input id="name" name="name" required maxlength="255" autocomplete="name"></label>
<label>E-mail <input id="email" name="email" type="email" required maxlength="255" autocomplete="email"></label>
<label>Téléphone <input id="tel" name="tel" maxlength="40" autocomplete="tel"></label>
<label>Commentaire <textarea id="comment" name="comment" maxlength="5000"></textarea></label>
<button type="submit">Réserver</button>
</form>
<p id="message" role="status" aria-live="polite"></p>
</main><script src="/api/booking/public/page.js"></script></body></html>`;
}

/** The page's script (served at /api/booking/public/page.js). */
export const PAGE_SCRIPT = `(() => {
  'use strict';
  const app = document.getElementById('app');
  const cfg = JSON.parse(app.dataset.booking);
  const $ = (id) => document.getElementById(id);
  const euros = (n) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);
  const time = (iso) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const day = (iso) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full' }).format(new Date(iso));
  const say = (text, kind) => { const m = $('message'); m.textContent = text; m.className = kind || ''; };
  const api = async (method, path, body) => {
    const res = await fetch('/api/booking/public' + path, {
      method, headers: Object.assign({ 'AT-Company': cfg.company || '' }, body ? { 'Content-Type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      const details = (data.details || []).map((d) => d.message).filter(Boolean);
      throw new Error((data.message || 'La demande a échoué.') + (details.length && data.status !== 409 ? ' (' + details.join(' ; ') + ')' : ''));
    }
    return data;
  };
  if (!cfg.company) { say('Adresse incomplète : l’entreprise n’est pas indiquée.', 'error'); return; }
  if (cfg.cancel) {
    $('cancel').hidden = false;
    $('cancel-button').addEventListener('click', async () => {
      try {
        const b = await api('POST', '/bookings/cancel', { key: cfg.cancel });
        $('cancel').hidden = true;
        say('Votre réservation de « ' + b.roomInfo.name + ' » du ' + day(b.startDate) + ' à ' + time(b.startDate) + ' est annulée.', 'ok');
      } catch (e) { say(e.message, 'error'); }
    });
    return;
  }
  let rooms = [];
  let chosen = null;
  const room = () => rooms.find((r) => r._id === $('room').value);
  const durations = (r) => r.durationPresets.length
    ? r.durationPresets.map((p) => ({ label: p.name, slots: p.mainSlots, extensions: p.extensionSlots }))
    : Array.from({ length: r.maxMainSlots }, (_, i) => ({ label: ((i + 1) * r.bookingSlotMinimumDuration) + ' min', slots: i + 1, extensions: 0 }));
  const fillRoom = () => {
    const r = room();
    if (!r) return;
    $('room-description').textContent = r.description || '';
    $('duration').replaceChildren(...durations(r).map((d, i) => { const o = document.createElement('option'); o.value = String(i); o.textContent = d.label; return o; }));
    $('mode-label').hidden = r.modes.length === 0;
    $('mode').replaceChildren(...[{ uuid: '', name: 'Aucune' }, ...r.modes].map((m) => { const o = document.createElement('option'); o.value = m.uuid; o.textContent = (m.emoji ? m.emoji + ' ' : '') + m.name; return o; }));
    $('people').replaceChildren(Object.assign(document.createElement('legend'), { textContent: 'Personnes' }), ...r.bookers.map((b, i) => {
      const l = document.createElement('label');
      l.textContent = b.name + ' (' + euros(b.priceForMainSlot) + ' le premier créneau) ';
      const input = Object.assign(document.createElement('input'), { type: 'number', min: '0', max: String(b.maxElement), value: i === 0 ? '1' : '0' });
      input.dataset.booker = b._id;
      input.setAttribute('aria-label', 'Nombre : ' + b.name);
      l.append(input);
      return l;
    }));
    $('starts-section').hidden = true; $('book').hidden = true;
  };
  const quantity = () => [...$('people').querySelectorAll('input')].map((i) => ({ booker: i.dataset.booker, quantity: Number(i.value) || 0 })).filter((q) => q.quantity > 0);
  const ask = () => {
    const r = room(); const d = durations(r)[Number($('duration').value) || 0];
    return { room: r._id, slots: d.slots, extensionSlots: d.extensions, quantity: quantity(), modeUUID: $('mode').value || null };
  };
  $('room').addEventListener('change', fillRoom);
  $('ask').addEventListener('submit', async (e) => {
    e.preventDefault();
    say('');
    const a = ask();
    const from = new Date($('day').value + 'T00:00:00');
    const to = new Date(from.getTime() + 86400000);
    const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), slots: String(a.slots), extensions: String(a.extensionSlots), quantity: JSON.stringify(a.quantity) });
    if (a.modeUUID) q.set('mode', a.modeUUID);
    try {
      const res = await api('GET', '/rooms/' + a.room + '/availability?' + q.toString());
      $('starts-section').hidden = false;
      $('price').textContent = 'Prix : ' + euros(res.price) + ' TTC';
      chosen = null; $('book').hidden = true;
      $('starts').replaceChildren(...(res.starts.length ? res.starts.map((s) => {
        const b = Object.assign(document.createElement('button'), { type: 'button', textContent: time(s.start) });
        b.setAttribute('aria-pressed', 'false');
        b.addEventListener('click', () => {
          chosen = s.start;
          for (const x of $('starts').querySelectorAll('button')) x.setAttribute('aria-pressed', String(x === b));
          $('book').hidden = false;
        });
        return b;
      }) : [Object.assign(document.createElement('p'), { textContent: 'Aucun horaire libre ce jour-là.' })]));
    } catch (err) { say(err.message, 'error'); }
  });
  $('book').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!chosen) return;
    const body = Object.assign(ask(), { startDate: chosen, name: $('name').value, email: $('email').value });
    if ($('tel').value) body.tel = $('tel').value;
    if ($('comment').value) body.comment = $('comment').value;
    if (!body.modeUUID) delete body.modeUUID;
    try {
      const b = await api('POST', '/bookings', body);
      $('book').hidden = true; $('starts-section').hidden = true;
      say('Réservation confirmée : « ' + b.roomInfo.name + ' » le ' + day(b.startDate) + ' à ' + time(b.startDate) + ', ' + euros(b.price) + ' TTC. Un e-mail de confirmation vous est envoyé.', 'ok');
    } catch (err) { say(err.message, 'error'); }
  });
  api('GET', '/rooms').then((res) => {
    rooms = res.data;
    if (!rooms.length) { say('Aucune salle ne se réserve en ligne pour le moment.'); return; }
    $('room').replaceChildren(...rooms.map((r) => { const o = document.createElement('option'); o.value = r._id; o.textContent = r.name; return o; }));
    if (cfg.room && rooms.some((r) => r._id === cfg.room)) $('room').value = cfg.room;
    const t = new Date(); $('day').value = t.getFullYear() + '-' + String(t.getMonth() + 1).padStart(2, '0') + '-' + String(t.getDate()).padStart(2, '0');
    $('ask').hidden = false;
    fillRoom();
  }, (err) => say(err.message, 'error'));
})();
`;
