'use client';

import type { ReactNode } from 'react';
import styles from './checkout.module.css';

/** Props every field shares: its form path (`shippingDetails.zipCode`), label, error and required mark. */
interface FieldBase {
  path: string;
  label: string;
  error: string | undefined;
  required?: boolean;
  requiredText: string;
  hint?: string;
}

const idOf = (path: string) => `f-${path.replace(/\./g, '-')}`;

/** The id of a field's control: the page moves focus there when the field has an error. */
export const fieldId = idOf;

function Described({ path, error, hint }: Pick<FieldBase, 'path' | 'error' | 'hint'>) {
  return (
    <>
      {hint && (
        <p id={`${idOf(path)}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${idOf(path)}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = ({ path, error, hint }: Pick<FieldBase, 'path' | 'error' | 'hint'>) =>
  [hint ? `${idOf(path)}-hint` : '', error ? `${idOf(path)}-error` : ''].filter(Boolean).join(' ') || undefined;

function Label({ path, label, required, requiredText }: Pick<FieldBase, 'path' | 'label' | 'required' | 'requiredText'>) {
  return (
    <label htmlFor={idOf(path)} className={styles.label}>
      {label}
      {required && <span className={styles.requiredMark}> ({requiredText})</span>}
    </label>
  );
}

export function TextField(
  props: FieldBase & { value: string; onChange(value: string): void; type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email'; readOnly?: boolean },
) {
  const { path, value, onChange, type = 'text', autoComplete, inputMode, error, required, readOnly } = props;
  return (
    <div className={styles.field}>
      <Label {...props} />
      <input
        id={idOf(path)}
        name={path}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        readOnly={readOnly}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.value)}
      />
      <Described {...props} />
    </div>
  );
}

export function SelectField(props: FieldBase & { value: string; onChange(value: string): void; options: readonly { value: string; label: string }[]; placeholder: string; autoComplete?: string }) {
  const { path, value, onChange, options, placeholder, error, required, autoComplete } = props;
  return (
    <div className={styles.field}>
      <Label {...props} />
      <select
        id={idOf(path)}
        name={path}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described {...props} />
    </div>
  );
}

export function CheckField({ path, label, checked, onChange, error }: { path: string; label: ReactNode; checked: boolean; onChange(checked: boolean): void; error?: string | undefined }) {
  return (
    <div className={styles.check}>
      <input
        id={idOf(path)}
        name={path}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${idOf(path)}-error` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={idOf(path)}>{label}</label>
      <Described path={path} error={error} />
    </div>
  );
}

/** A group of radio buttons with a visible legend; `error` under the group. */
export function RadioGroup({
  path,
  legend,
  value,
  options,
  onChange,
  error,
}: {
  path: string;
  legend: string;
  value: string;
  options: readonly { value: string; label: ReactNode }[];
  onChange(value: string): void;
  error?: string | undefined;
}) {
  return (
    <fieldset className={styles.radios} aria-describedby={error ? `${idOf(path)}-error` : undefined}>
      <legend className={styles.label}>{legend}</legend>
      {options.map((option, i) => (
        <div key={option.value} className={styles.radio}>
          <input
            id={i === 0 ? idOf(path) : `${idOf(path)}-${i}`}
            type="radio"
            name={path}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={i === 0 ? idOf(path) : `${idOf(path)}-${i}`}>{option.label}</label>
        </div>
      ))}
      <Described path={path} error={error} />
    </fieldset>
  );
}
