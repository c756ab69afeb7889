/**
 * jsdom has <dialog> without its methods: opening and closing set and remove `open` and closing fires `close`,
 * as a browser does for a modal, so components that open dialogs can be tested. Installed once for the
 * components project.
 */
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
