/**
 * Makes a Mantine Menu.Item one of a set of choices: `ref={asMenuItemRadio}` with `aria-checked`. Mantine renders
 * every item with role="menuitem" whatever role it is given, and a menuitem cannot be checked (axe
 * aria-allowed-attr, critical). The role is set on the element once it exists; React leaves it alone after that,
 * since the role Mantine passes never changes.
 */
export function asMenuItemRadio(element: HTMLElement | null): void {
  element?.setAttribute('role', 'menuitemradio');
}
