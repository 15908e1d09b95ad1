import CheckIcon from '@mui/icons-material/Check';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((option) => {
          const current = option.value === selected;
          return (
            <MenuItem
              key={option.value}
              selected={current}
              onClick={() => {
                setAnchor(null);
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
