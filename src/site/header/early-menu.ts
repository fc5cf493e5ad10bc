/**
 * The phone menu before the app starts: the page's first script opens and closes it, so the first tap works while
 * the app is still loading, and the header takes it over when it hydrates. Until then this listener answers the
 * menu button alone (captured at the document, it stops there), so the two never toggle the menu twice.
 */
let open = false;
let openedBy: HTMLElement | null = null;

function setMenu(button: Element, value: boolean) {
  button.setAttribute('aria-expanded', String(value));
  button.querySelector('[data-open]')?.setAttribute('data-open', String(value));
  document.getElementById(button.getAttribute('aria-controls') ?? '')?.setAttribute('data-open', String(value));
  document.body.classList.toggle('scroll-locked', value);
}

function onClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('[data-menu-button]') : null;
  if (!button) return;
  event.stopPropagation();
  open = !open;
  openedBy = button as HTMLElement;
  setMenu(button, open);
}

/** Escape closes the open menu and leaves the keyboard on its button, as the header does once it has taken over. */
function onKey(event: KeyboardEvent) {
  if (event.key !== 'Escape' || !open || !openedBy) return;
  open = false;
  setMenu(openedBy, false);
  openedBy.focus();
}

export function listenForEarlyMenu(): void {
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey);
}

/** Whether the visitor left the menu open before the app started, so that the header starts with it open. */
export function earlyMenuIsOpen(): boolean {
  return open;
}

/** Hands the menu to the header: from now on its button answers. Says whether the visitor left the menu open. */
export function takeOverEarlyMenu(): boolean {
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('keydown', onKey);
  const wasOpen = open;
  open = false;
  return wasOpen;
}
