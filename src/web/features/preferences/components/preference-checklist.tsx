import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import { useMemo } from 'react';
import type { Preference, PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useLocalizedName } from '../localized-name';

interface Props {
  preferences: Preference[];
  /** The groups, for their names in the interface language (a preference carries the English one). */
  groups?: PreferenceGroup[];
  /** The ids checked. */
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

interface Section {
  id: string;
  name: string;
  items: Preference[];
}

/**
 * Preferences as checkboxes under their group's name, each group a fieldset (its legend is read
 * with every box), names in the interface language. For the account, and any screen that picks them.
 */
export function PreferenceChecklist({ preferences, groups, value, onChange, disabled }: Props) {
  const localName = useLocalizedName();
  const format = useLocaleFormat();
  const sections = useMemo(() => {
    const byGroup = new Map<string, Section>();
    for (const preference of preferences) {
      let section = byGroup.get(preference.groupId);
      if (!section) {
        const group = groups?.find((g) => g.id === preference.groupId);
        section = {
          id: preference.groupId,
          name: group ? localName(group) : preference.groupName,
          items: [],
        };
        byGroup.set(preference.groupId, section);
      }
      section.items.push(preference);
    }
    const order = (a: string, b: string) => a.localeCompare(b, format.locale);
    for (const section of byGroup.values()) section.items.sort((a, b) => order(localName(a), localName(b)));
    return [...byGroup.values()].sort((a, b) => order(a.name, b.name));
  }, [preferences, groups, localName, format.locale]);

  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((picked) => picked !== id));

  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 3,
        rowGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
    >
      {sections.map((section) => (
        <Box component="fieldset" key={section.id} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
            {section.name}
          </FormLabel>
          <FormGroup>
            {section.items.map((preference) => (
              <FormControlLabel
                key={preference.id}
                control={
                  <Checkbox
                    checked={value.includes(preference.id)}
                    onChange={(_, checked) => toggle(preference.id, checked)}
                    disabled={disabled}
                  />
                }
                label={localName(preference)}
              />
            ))}
          </FormGroup>
        </Box>
      ))}
    </Box>
  );
}
