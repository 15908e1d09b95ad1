import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { useMenuButton } from '../lib/use-menu-button';

/** One choice of a kebab menu. */
export interface KebabMenuItem {
  /** Unique among the menu's items. */
  id: string;
  label: string;
  icon: ReactNode;
  /** Called once the menu has closed. */
  onClick(): void;
  /** In red: it deletes. */
  danger?: boolean;
  disabled?: boolean;
}

interface Props {
  /** The button's accessible name ("Post actions"): it shows only the three dots. */
  label: string;
  /** The choices, in order; a falsy one (a choice the user may not make) is left out. */
  items: (KebabMenuItem | false | null | undefined)[];
  /** A small button, as in a comment's corner. */
  size?: 'small' | 'medium';
  /** Pull the button to the end of its row, as at a card's corner. */
  edge?: 'end';
}

/** A "more actions" button (three dots) opening a menu of actions, each an icon and a label. */
export function KebabMenu({ label, items, size = 'medium', edge }: Props) {
  const { button, menu, close } = useMenuButton();
  return (
    <>
      <IconButton size={size} aria-label={label} edge={edge} {...button}>
        <MoreVertIcon fontSize={size === 'small' ? 'small' : undefined} />
      </IconButton>
      <Menu
        {...menu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items
          .filter((item): item is KebabMenuItem => Boolean(item))
          .map((item) => (
            <MenuItem
              key={item.id}
              onClick={() => {
                close();
                item.onClick();
              }}
              disabled={item.disabled}
              sx={item.danger ? { color: 'error.main' } : undefined}
            >
              <ListItemIcon sx={item.danger ? { color: 'inherit' } : undefined}>{item.icon}</ListItemIcon>
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
