import type { MermaidConfig } from 'mermaid';

/**
 * One Mermaid configuration for the committed SVGs (rendered in Chromium by `npm run flows`) and for the
 * in-app flow explorer, so both draw the same source the same way.
 *
 * - Plain SVG text (`htmlLabels: false`): the files need no HTML inside `<foreignObject>`.
 * - Arial-metric fonts (Liberation Sans ships with Debian's Chromium setup): labels are measured with the
 *   font viewers fall back to, so they fit wherever the SVG is opened.
 * - Deterministic ids seeded by the machine id: regenerating gives identical bytes.
 */
export const MERMAID_FONT = "'Liberation Sans', Arial, Helvetica, sans-serif";

/** Colours taken from the design tokens (src/ui/theme.css). */
export interface FlowPalette {
  dark: boolean;
  background: string;
  surface: string;
  sunken: string;
  border: string;
  text: string;
  muted: string;
  accent: string;
  accentSoft: string;
  /** Fill and border of a state box. */
  stateFill: string;
  stateBorder: string;
}

/** The light tokens of src/ui/theme.css, for files that must look the same everywhere. */
export const LIGHT_PALETTE: FlowPalette = {
  dark: false,
  background: '#ffffff',
  surface: '#ffffff',
  sunken: '#f6f7f9',
  border: '#c4cad3',
  text: '#11151b',
  muted: '#4f5866',
  accent: '#0b6b6f',
  accentSoft: '#e3f2f2',
  stateFill: '#e3f2f2',
  stateBorder: '#0b6b6f',
};

export function mermaidConfig(seed: string, palette: FlowPalette = LIGHT_PALETTE): MermaidConfig {
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    deterministicIds: true,
    deterministicIDSeed: seed,
    htmlLabels: false,
    markdownAutoWrap: false,
    fontFamily: MERMAID_FONT,
    theme: 'base',
    themeVariables: {
      darkMode: palette.dark,
      background: palette.background,
      fontFamily: MERMAID_FONT,
      fontSize: '14px',
      primaryColor: palette.stateFill,
      primaryBorderColor: palette.stateBorder,
      primaryTextColor: palette.text,
      secondaryColor: palette.sunken,
      tertiaryColor: palette.sunken,
      lineColor: palette.muted,
      textColor: palette.text,
      edgeLabelBackground: palette.surface,
      labelBackgroundColor: palette.surface,
      stateBkg: palette.stateFill,
      stateBorder: palette.stateBorder,
      compositeBackground: palette.surface,
      compositeTitleBackground: palette.sunken,
      compositeBorder: palette.border,
      altBackground: palette.sunken,
      transitionColor: palette.muted,
      transitionLabelColor: palette.text,
      specialStateColor: palette.text,
      innerEndBackground: palette.text,
      noteBkgColor: palette.sunken,
      noteBorderColor: palette.border,
      noteTextColor: palette.text,
    },
    state: { useMaxWidth: true },
  };
}
