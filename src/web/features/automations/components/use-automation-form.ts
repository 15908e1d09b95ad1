import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  AUTOMATION_DAYS,
  type Automation,
  type AutomationBody,
  AutomationBodySchema,
  type AutomationKind,
} from '../../../../shared/schemas/automation.schema';
import { filledTranslations } from '../../../components/translation-fields';
import { useSaveAutomation } from '../../../lib/api/automations.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';

/**
 * The saved body's schema for one kind: the shared one, with the kind's days bounds checked here
 * as the server checks them (the same message), so most mistakes are said before a request.
 */
function automationFormSchema(kind: AutomationKind) {
  const bounds = AUTOMATION_DAYS[kind];
  return AutomationBodySchema.superRefine((body, ctx) => {
    if (!bounds) return;
    if (body.days === null || body.days < bounds.min || body.days > bounds.max)
      ctx.addIssue({ code: 'custom', path: ['days'], message: bounds.message });
  });
}

/** What the form starts from: the saved settings, days at the kind's default until set. */
export function automationValues(automation: Automation): AutomationBody {
  const bounds = AUTOMATION_DAYS[automation.kind];
  return {
    enabled: automation.enabled,
    channels: automation.channels,
    days: bounds ? (automation.days ?? bounds.default) : null,
    text: automation.text,
    translations: automation.translations,
  };
}

/** One automation's form: values from the server, checked by the shared schema, saved with its kind. */
export function useAutomationForm(establishmentId: string, automation: Automation) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveAutomation(establishmentId);
  const schema = useMemo(() => automationFormSchema(automation.kind), [automation.kind]);
  const values = useMemo(() => automationValues(automation), [automation]);
  const form = useApiForm(schema, {
    values,
    // A refetch (after another card's save) must not wipe what the user is typing here.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({
        kind: automation.kind,
        body: { ...body, translations: filledTranslations(body.translations) },
      });
      form.reset(automationValues(saved.automation));
      enqueueSnackbar(translateMessage(t, saved.message || Msg.automationSaved), { variant: 'success' });
    } catch (failure) {
      if (!form.applyServerErrors(failure)) enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  });

  return { form, onSubmit, saving: save.isPending };
}

export type AutomationForm = ReturnType<typeof useAutomationForm>['form'];
