/** Colours of the graph views: node labels, relation types, modules; read with the current theme. */

/** Below this confidence an edge is drawn dashed (a guess: name-only resolution and the like). */
export const LOW_CONFIDENCE = 0.5;

export const RELATION_COLORS: Record<string, string> = {
  CALLS: '#3b82f6', IMPORTS: '#10b981', EXTENDS: '#f59e0b', IMPLEMENTS: '#a855f7', REFERENCES: '#94a3b8',
  HAS_METHOD: '#64748b', OVERRIDES: '#ef4444', DEPENDS_ON: '#8b9bb4',
};

export const LABEL_COLORS: Record<string, string> = {
  Function: '#3b82f6', Method: '#06b6d4', Class: '#f59e0b', Interface: '#a855f7', TypeAlias: '#d946ef', Enum: '#84cc16',
  Variable: '#10b981', Property: '#14b8a6', File: '#94a3b8', Folder: '#64748b', Community: '#6366f1', Process: '#ef4444',
};

const MODULE_COLORS = ['#6366f1', '#f59e0b', '#10b981', '#ef4444', '#06b6d4', '#a855f7', '#84cc16', '#f97316', '#ec4899', '#14b8a6', '#eab308', '#3b82f6'];

/** A stable colour for a module name. */
export function moduleColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return MODULE_COLORS[Math.abs(hash) % MODULE_COLORS.length];
}

/** Colour of a relation type (unknown ones grey). */
export function relationColor(type: string): string { return RELATION_COLORS[type] ?? '#94a3b8'; }

/** Colour of a node label (unknown language kinds grey). */
export function labelColor(label: string): string { return LABEL_COLORS[label] ?? '#94a3b8'; }

/** The theme's colours as CSS custom properties define them. */
export function themeColors(): { fg: string; bg: string; muted: string; panel: string; accent: string } {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { fg: v('--fg', '#111'), bg: v('--bg', '#fff'), muted: v('--muted', '#666'), panel: v('--panel', '#f4f4f5'), accent: v('--accent', '#6366f1') };
}
