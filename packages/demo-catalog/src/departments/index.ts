import { bilance } from './bilance.ts';
import { coltelli } from './coltelli.ts';
import { detergenti } from './detergenti.ts';
import { guanti } from './guanti.ts';
import { pentolame } from './pentolame.ts';
import { refrigerazione } from './refrigerazione.ts';
import { servizi } from './servizi.ts';
import { sottovuoto } from './sottovuoto.ts';
import { stivali } from './stivali.ts';
import { tavoliInox } from './tavoli-inox.ts';
import { termometri } from './termometri.ts';
import { tritacarne } from './tritacarne.ts';
import type { DepartmentSpec, LeafSpec } from './types.ts';

/** Top categories in menu order. */
export const DEPARTMENTS: readonly DepartmentSpec[] = [
  coltelli,
  guanti,
  stivali,
  bilance,
  termometri,
  tritacarne,
  sottovuoto,
  refrigerazione,
  tavoliInox,
  pentolame,
  detergenti,
  servizi,
];

export interface LeafRef {
  department: DepartmentSpec;
  leaf: LeafSpec;
}

export const LEAVES: readonly LeafRef[] = DEPARTMENTS.flatMap((department) =>
  department.leaves.map((leaf) => ({ department, leaf })),
);

const LEAF_BY_ID = new Map(LEAVES.map((ref) => [ref.leaf.id, ref]));

export function leafById(id: number): LeafRef {
  const ref = LEAF_BY_ID.get(id);
  if (!ref) throw new Error(`Unknown leaf category ${id}`);
  return ref;
}
