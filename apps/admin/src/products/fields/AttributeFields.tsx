import type { AdminProductChoices } from '@shop/contracts';
import { Autocomplete, Box, TextField } from '@mui/material';
import { t } from '../../i18n/translate.ts';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import type { FieldProps } from './field-props.ts';

type Attribute = AdminProductChoices['attributes'][number];

/** One technical attribute by its input: a choice, several, yes/no, or text; empty removes it from the product. */
function AttributeField({ attribute, value, onChange, invalid }: { attribute: Attribute; value: string | string[] | undefined; onChange: (value: string | string[]) => void; invalid: boolean }) {
  const id = `attributo-${attribute.code}`;
  if (attribute.input === 'multiselect') {
    const chosen = (Array.isArray(value) ? value : value ? [value] : []).map((v) => attribute.options.find((o) => o.value === v) ?? { value: v, label: v });
    return (
      <Autocomplete
        multiple
        id={id}
        options={attribute.options}
        value={chosen}
        onChange={(_event, options) => onChange(options.map((o) => o.value))}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        filterSelectedOptions
        renderInput={(params) => <TextField {...params} label={attribute.label} error={invalid} />}
      />
    );
  }
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  if (attribute.input === 'select' || attribute.input === 'boolean') {
    const options = attribute.input === 'boolean' ? [{ value: '1', label: t('common.yes') }, { value: '0', label: t('common.no') }] : attribute.options;
    // A stored value no option has any more stays as it is until changed.
    const all = text && !options.some((o) => o.value === text) ? [...options, { value: text, label: text }] : options;
    return <NativeSelect label={attribute.label} value={text} onChange={onChange} allLabel={t('products.attributes.none')} options={all} />;
  }
  return <TextField id={id} size="small" label={attribute.label} value={text} onChange={(e) => onChange(e.target.value)} error={invalid} />;
}

/** The catalogue's technical attributes (marca, materiale…), all of them, the product's values filled in. */
export function AttributeFields({ form, set, invalid, choices }: FieldProps & { choices: AdminProductChoices }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, '& .MuiTextField-root': { minWidth: 0 } }}>
      {choices.attributes.map((attribute) => (
        <AttributeField key={attribute.code} attribute={attribute} value={form.attributes[attribute.code]} invalid={invalid.has('attributes')} onChange={(value) => set('attributes', { ...form.attributes, [attribute.code]: value })} />
      ))}
    </Box>
  );
}
