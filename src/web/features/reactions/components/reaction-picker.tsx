import { Box, IconButton, Popover, Tooltip } from '@mui/material';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REACTION_EMOJI, REACTION_KINDS, type ReactionKind } from '../../../../shared/schemas/reaction-kinds';

interface Props {
  id: string;
  anchor: HTMLElement | null;
  /** The reader's reaction now: pressed. */
  mine: ReactionKind | null;
  onPick(kind: ReactionKind): void;
  onClose(): void;
}

/**
 * The six reactions in a row. The first (or the reader's own) takes the focus; the arrow keys,
 * Home and End move along the row, Enter or Space picks, Escape closes.
 */
export function ReactionPicker({ id, anchor, mine, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The reader's own reaction, or the first: where the focus goes on opening and where Tab enters.
  const initial = mine ? REACTION_KINDS.indexOf(mine) : 0;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = REACTION_KINDS.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      // Focus the reaction once the row is in place (whatever the modal focused first).
      slotProps={{
        paper: { sx: { borderRadius: 8, mt: -1 } },
        transition: { onEntered: () => buttons.current[initial]?.focus() },
      }}
    >
      <Box
        role="toolbar"
        aria-label={t('reactions.picker')}
        aria-orientation="horizontal"
        onKeyDown={move}
        sx={{ display: 'flex', gap: 0.25, p: 0.5 }}
      >
        {REACTION_KINDS.map((kind, i) => (
          <Tooltip key={kind} title={t(`reactions.kinds.${kind}`)} disableInteractive>
            <IconButton
              ref={(element) => {
                buttons.current[i] = element;
              }}
              aria-label={t(`reactions.kinds.${kind}`)}
              aria-pressed={mine === kind}
              tabIndex={i === initial ? 0 : -1}
              onClick={() => onPick(kind)}
              sx={{
                fontSize: 26,
                width: 48,
                height: 48,
                lineHeight: 1,
                bgcolor: mine === kind ? 'action.selected' : undefined,
                transition: 'transform 0.12s',
                '&:hover, &:focus-visible': { transform: 'scale(1.2)' },
              }}
            >
              <span aria-hidden>{REACTION_EMOJI[kind]}</span>
            </IconButton>
          </Tooltip>
        ))}
      </Box>
    </Popover>
  );
}
