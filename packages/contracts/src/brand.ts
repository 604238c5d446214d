/** The primary colour when a brand sets none (spec §9). */
export const DEFAULT_PRIMARY_COLOR = '#004a69';
