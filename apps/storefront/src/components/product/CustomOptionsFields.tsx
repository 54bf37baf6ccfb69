/**
 * Custom options of a product (catalogue.md §3 custom_options): drop-downs, radio groups and
 * check boxes whose values add a fixed price or a percent of the product price, and free text.
 * Part of the purchase islands (client code through them).
 */
import { formatPrice, toCents } from '@shop/domain';
import { useId } from 'react';
import type { CustomOptionChoice, CustomOptionChoices } from './pricing.ts';
import { fill } from './fill.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { CustomOptionValueView, CustomOptionView } from './types.ts';
import styles from './purchase.module.css';

function priceSuffix(value: CustomOptionValueView, texts: PurchaseTexts): string {
  if (!(value.price > 0)) return '';
  const text =
    value.price_type === 'percent'
      ? fill(texts.percentPrice, { percent: String(value.price).replace('.', ',') })
      : fill(texts.fixedPrice, { price: formatPrice(toCents(value.price)) });
  return ` (${text})`;
}

function Legend({ option, texts }: { option: CustomOptionView; texts: PurchaseTexts }) {
  return (
    <>
      {option.title}{' '}
      <span className={styles.hint}>({option.is_require ? texts.required : texts.optional})</span>
    </>
  );
}

interface FieldProps {
  option: CustomOptionView;
  choice: CustomOptionChoice | undefined;
  onChange: (choice: CustomOptionChoice) => void;
  texts: PurchaseTexts;
  invalid: boolean;
}

function OptionField({ option, choice, onChange, texts, invalid }: FieldProps) {
  const id = useId();
  const values = option.values ?? [];
  const chosen = Array.isArray(choice) ? choice : [];
  const invalidProps = invalid ? ({ 'aria-invalid': true } as const) : {};
  switch (option.type) {
    case 'drop_down':
      return (
        <div className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            <Legend option={option} texts={texts} />
          </label>
          <select
            id={id}
            className={styles.select}
            required={option.is_require}
            value={chosen[0] ?? ''}
            onChange={(event) => onChange(event.target.value ? [Number(event.target.value)] : [])}
            {...invalidProps}
          >
            <option value="">{texts.choose}</option>
            {values.map((value) => (
              <option key={value.option_type_id} value={value.option_type_id}>
                {value.title}
                {priceSuffix(value, texts)}
              </option>
            ))}
          </select>
        </div>
      );
    case 'radio':
    case 'checkbox':
    case 'multiple': {
      const single = option.type === 'radio';
      return (
        <fieldset className={styles.fieldset} {...invalidProps}>
          <legend className={styles.label}>
            <Legend option={option} texts={texts} />
          </legend>
          {values.map((value) => (
            <label key={value.option_type_id} className={styles.choice}>
              <input
                type={single ? 'radio' : 'checkbox'}
                name={id}
                required={single && option.is_require}
                checked={chosen.includes(value.option_type_id)}
                onChange={(event) =>
                  onChange(
                    single
                      ? [value.option_type_id]
                      : event.target.checked
                        ? [...chosen, value.option_type_id]
                        : chosen.filter((other) => other !== value.option_type_id),
                  )
                }
              />
              <span>
                {value.title}
                {priceSuffix(value, texts)}
              </span>
            </label>
          ))}
        </fieldset>
      );
    }
    default: {
      // field, area and anything else: free text.
      const text = typeof choice === 'string' ? choice : '';
      const hintId = `${id}-hint`;
      const common = {
        id,
        className: styles.text,
        value: text,
        maxLength: option.max_characters || undefined,
        required: option.is_require,
        'aria-describedby': option.max_characters ? hintId : undefined,
        ...invalidProps,
      };
      return (
        <div className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            <Legend option={option} texts={texts} />
          </label>
          {option.type === 'area' ? (
            <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
          ) : (
            <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
          )}
          {option.max_characters ? (
            <p id={hintId} className={styles.hint}>
              {fill(texts.maxCharacters, { count: option.max_characters })}
            </p>
          ) : null}
        </div>
      );
    }
  }
}

export interface CustomOptionsFieldsProps {
  options: readonly CustomOptionView[];
  choices: CustomOptionChoices;
  onChange: (optionId: number, choice: CustomOptionChoice) => void;
  texts: PurchaseTexts;
  /** Options to mark invalid (required ones left empty when adding to the cart). */
  invalid: ReadonlySet<number>;
}

export function CustomOptionsFields({ options, choices, onChange, texts, invalid }: CustomOptionsFieldsProps) {
  if (options.length === 0) return null;
  return (
    <div className={styles.options}>
      {options.map((option) => (
        <OptionField
          key={option.option_id}
          option={option}
          choice={choices[option.option_id]}
          onChange={(choice) => onChange(option.option_id, choice)}
          texts={texts}
          invalid={invalid.has(option.option_id)}
        />
      ))}
    </div>
  );
}
