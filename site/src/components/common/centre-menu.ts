/** One entry of a centre's side menu (CentreLayout): the seeker centre, the enterprise centre and the operator console. */
export interface CentreMenuItem {
  key: string;
  label: string;
  href: string;
  /** Optional group heading shown before this item (desktop only). */
  group?: string;
}
