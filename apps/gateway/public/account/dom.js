// Small helpers for building the page from the DOM (no framework; text only, never HTML strings).

export const $ = (id) => document.getElementById(id);

/** An element with text and attributes; children may be elements or strings. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

const message = () => $('message');
const notice = () => $('notice');

/** An error about the page as a whole (loading, the session), at the top of the page. */
export function showError(text) {
  notice().hidden = true;
  message().textContent = text;
  message().hidden = false;
}

/** The page has caught up: an earlier error about it is no longer true. */
export function clearError() {
  message().hidden = true;
}

/** A success or next step about the page as a whole (a return from Stripe, signing out). */
export function showNotice(text) {
  message().hidden = true;
  notice().textContent = text;
  notice().hidden = false;
}

let fleeting = { text: null, timer: undefined };

/**
 * News of a moment (back from the billing portal): it goes by itself once the page has moved on
 * (`clearFleetingNotice`), or after `ms` at the latest.
 */
export function showFleetingNotice(text, ms = 60_000) {
  showNotice(text);
  clearTimeout(fleeting.timer);
  fleeting = { text, timer: setTimeout(clearFleetingNotice, ms) };
}

export function clearFleetingNotice() {
  if (fleeting.text !== null && notice().textContent === fleeting.text) notice().hidden = true;
  clearTimeout(fleeting.timer);
  fleeting = { text: null, timer: undefined };
}

export function clearMessages() {
  message().hidden = true;
  notice().hidden = true;
}

/**
 * What a control did, said beside it: each control group has its own live region
 * (`#<group>-feedback`, role=status), so the words appear where the person is looking and screen
 * readers announce them. `kind` is `error` or `done`.
 */
export function say(group, text, kind = 'done') {
  clearMessages(); // the banner's news (a return from Stripe, …) is older than this answer
  const feedback = $(`${group}-feedback`);
  feedback.dataset.kind = kind;
  feedback.textContent = text;
  feedback.hidden = false;
}

export const sayError = (group, text) => say(group, text, 'error');

export function unsay(group) {
  const feedback = $(`${group}-feedback`);
  feedback.hidden = true;
  feedback.textContent = '';
}

const pressedTimers = new WeakMap();

/** The button itself says what happened ("Copied") for a moment, then its own label again. */
export function pressed(button, text, ms = 2000) {
  const label = button.dataset.label ?? button.textContent;
  button.dataset.label = label;
  button.textContent = text;
  clearTimeout(pressedTimers.get(button));
  pressedTimers.set(
    button,
    setTimeout(() => {
      button.textContent = label;
    }, ms),
  );
}

/** Only one of the page's views at a time. */
export function showView(name) {
  for (const view of ['signed-out', 'check-mail', 'signed-in']) $(view).hidden = view !== name;
  document.body.dataset.view = name;
}

/** A date-time as people read it, in UTC like the rest of the service. */
export function when(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
}

/** A date as people read it (UTC). */
export const day = (iso) => (iso ? iso.slice(0, 10) : '—');

/** Runs `handler` with `button` disabled, so a double click sends once. */
export async function busy(button, handler) {
  button.disabled = true;
  try {
    return await handler();
  } finally {
    button.disabled = false;
  }
}

/**
 * Runs a form's submit handler with its button disabled; the answer to this submission replaces
 * whatever its feedback (`#<group>-feedback`, by default the form's id) last said.
 */
export function onSubmit(form, handler, group = form.id) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    unsay(group);
    const button = form.querySelector('button[type="submit"]');
    void busy(button, () => handler(new FormData(form)));
  });
}

/** "1 request", "2 requests". */
export const counted = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A plan as everything else on the page names it ("Pro", not "pro"). */
export const planName = (id) => (id ? id.charAt(0).toUpperCase() + id.slice(1) : '');
