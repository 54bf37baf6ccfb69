import type { FormField, ProductForm } from '../product-form.ts';

/** What every group of product fields gets: the form, its setter, and the fields the last refusal named. */
export interface FieldProps {
  form: ProductForm;
  set: <K extends FormField>(name: K, value: ProductForm[K]) => void;
  invalid: ReadonlySet<string>;
}
