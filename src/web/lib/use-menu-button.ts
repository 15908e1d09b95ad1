import { type MouseEvent, useId, useState } from 'react';

/**
 * A button that opens a menu: spread `button` on the button and `menu` on the Menu. The button says
 * it opens a menu, and which one while it is open; `close` shuts it (before acting on a choice).
 */
export function useMenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return {
    close,
    button: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': anchor ? ('true' as const) : undefined,
      'aria-controls': anchor ? menuId : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    },
    menu: { id: menuId, anchorEl: anchor, open: Boolean(anchor), onClose: close },
  };
}
