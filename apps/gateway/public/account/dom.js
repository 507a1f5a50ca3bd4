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

/** An error, in words, at the top of the page. */
export function showError(text) {
  notice().hidden = true;
  message().textContent = text;
  message().hidden = false;
}

/** A success or next step, at the top of the page. */
export function showNotice(text) {
  message().hidden = true;
  notice().textContent = text;
  notice().hidden = false;
}

export function clearMessages() {
  message().hidden = true;
  notice().hidden = true;
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

/** Runs a form's submit handler with its button disabled, so a double click sends once. */
export function onSubmit(form, handler) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearMessages(); // an answer to this submission replaces whatever the last one said
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    Promise.resolve(handler(new FormData(form))).finally(() => {
      button.disabled = false;
    });
  });
}
