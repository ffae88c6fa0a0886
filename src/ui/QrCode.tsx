import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of `text`, drawn as one SVG path from the code's modules (no canvas, no data URL), with a
 * quiet zone of four modules; dark on white in every theme, as scanners expect.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) squares.push(`M${column + 4} ${row + 4}h1v1h-1z`);
      }
    }
    return { path: squares.join(''), extent: modules.size + 8 };
  }, [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${extent} ${extent}`} width={size} height={size}>
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}
