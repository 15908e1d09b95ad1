import CheckIcon from '@mui/icons-material/Check';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useMenuButton } from '../lib/use-menu-button';

export interface PickerOption<T extends string> {
  value: T;
  label: string;
  /** The option's language, when its label is written in it. */
  lang?: string;
  /** Shown before the label (e.g. a colour swatch). */
  adornment?: ReactNode;
}

interface Props<T extends string> {
  /** The button's accessible name and tooltip. */
  label: string;
  icon: ReactNode;
  options: PickerOption<T>[];
  selected: T;
  onSelect: (value: T) => void;
}

/** A top-bar icon button opening a menu of choices; the current one is ticked. */
export function PickerMenu<T extends string>({ label, icon, options, selected, onSelect }: Props<T>) {
  const { button, menu, close } = useMenuButton();

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} {...button}>
          {icon}
        </IconButton>
      </Tooltip>
      <Menu {...menu}>
        {options.map((option) => {
          const current = option.value === selected;
          return (
            <MenuItem
              key={option.value}
              selected={current}
              onClick={() => {
                close();
                onSelect(option.value);
              }}
              lang={option.lang}
              sx={{ minWidth: 200, gap: 1.5 }}
            >
              {option.adornment}
              <ListItemText>{option.label}</ListItemText>
              <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
                {current ? <CheckIcon fontSize="small" /> : <Box sx={{ width: 20 }} />}
              </ListItemIcon>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
