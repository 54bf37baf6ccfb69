import { TextField } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import type { FormField, ProductForm } from '../product-form.ts';
import type { FieldProps } from './field-props.ts';

type TextFieldName = { [K in FormField]: ProductForm[K] extends string ? K : never }[FormField];

const MONOSPACE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14 };

/**
 * One text field of the product form, labelled from i18n (`products.field.<name>`), marked when
 * the last refusal named it. `html` makes a code area for HTML; `euros` and `decimal` bring the
 * phone's number pad.
 */
export function FormText({
  name,
  form,
  set,
  invalid,
  helperText,
  required,
  type,
  kind,
}: FieldProps & {
  name: TextFieldName;
  helperText?: string;
  required?: boolean;
  type?: 'date' | 'datetime-local';
  kind?: 'html' | 'euros' | 'decimal' | 'multiline';
}) {
  const multiline = kind === 'html' || kind === 'multiline';
  return (
    <TextField
      id={`campo-${name}`}
      label={t(`products.field.${name}`)}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
      error={invalid.has(name)}
      helperText={helperText}
      required={required}
      type={type}
      multiline={multiline}
      minRows={kind === 'html' ? 6 : multiline ? 2 : undefined}
      maxRows={kind === 'html' ? 24 : undefined}
      fullWidth
      slotProps={{
        inputLabel: type ? { shrink: true } : undefined,
        htmlInput: kind === 'euros' || kind === 'decimal' ? { inputMode: 'decimal' } : kind === 'html' ? { spellCheck: false, style: MONOSPACE } : {},
      }}
    />
  );
}
