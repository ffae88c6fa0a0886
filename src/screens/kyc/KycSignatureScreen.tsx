import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_TERMS_VERSION } from '../../../contract/kyc';
import { kycSignatureMachine, SIGNATURE_PAD, type Stroke } from '../../../machines/kycSignature/kycSignature.machine';
import { connectKycSignature } from '../../../machines/kycSignature/kycSignature.view';
import { kycSignatureActors } from '../../app/actors/kyc';
import { useConnect, useFlowActor, useLocale } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { LegalLinks } from '../shared/LegalLinks';
import { BackToOverview, KycFailure, KycUnavailable } from './shared';

/** Draws the machine's strokes; the stroke being drawn is added on top until the pointer lifts. */
function paint(canvas: HTMLCanvasElement, strokes: readonly Stroke[]) {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.lineWidth = 3;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = getComputedStyle(canvas).color;
  for (const stroke of strokes) {
    context.beginPath();
    stroke.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    if (stroke.length === 1) context.lineTo(stroke[0]![0] + 0.1, stroke[0]![1]);
    context.stroke();
  }
}

/**
 * /kyc/signature: a pad for pointer, pen and touch (pointer events cover all three; `touch-action: none`
 * keeps a finger from scrolling the page), undo and clear, then the PNG of the pad with its strokes.
 */
export function KycSignatureScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const view = useConnect(useFlowActor(kycSignatureMachine, kycSignatureActors), connectKycSignature);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);

  useEffect(() => {
    if (canvas.current) paint(canvas.current, view.strokes);
  }, [view.strokes, view.drawing]);

  if (view.loading) return <ScreenSkeleton label={t('kyc.loading')} />;
  if (view.unavailable) return <KycUnavailable failure={view.failure} onRetry={view.retry} />;
  if (view.signed) {
    return (
      <div className="stack">
        <p role="status" className="notice">
          {view.signedAt
            ? t('kyc.signature.signedAt', { date: formatDate(new Date(view.signedAt), locale, { dateStyle: 'long', timeStyle: 'short' }) })
            : t('kyc.signature.nothingToSign')}
        </p>
        {view.canSignAgain ? <Button onClick={view.signAgain}>{t('kyc.signature.signAgain')}</Button> : null}
        <BackToOverview />
      </div>
    );
  }

  const point = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * SIGNATURE_PAD.width;
    const y = ((event.clientY - box.top) / box.height) * SIGNATURE_PAD.height;
    return [Math.round(Math.min(Math.max(x, 0), SIGNATURE_PAD.width)), Math.round(Math.min(Math.max(y, 0), SIGNATURE_PAD.height))];
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = [point(event)];
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !canvas.current) return;
    drawing.current.push(point(event));
    paint(canvas.current, [...view.strokes, drawing.current]);
  };
  const up = () => {
    if (drawing.current) view.draw(drawing.current);
    drawing.current = null;
  };

  return (
    <div className="stack">
      <p className="page-lead">{t('kyc.signature.terms', { version: KYC_TERMS_VERSION })}</p>
      <LegalLinks newTab />
      <FormAlert>
        {view.tooShort ? t('kyc.failure.signature_too_short') : view.failure ? <KycFailure failure={view.failure} /> : null}
      </FormAlert>
      <canvas
        ref={canvas}
        className="kyc-pad"
        width={SIGNATURE_PAD.width}
        height={SIGNATURE_PAD.height}
        role="img"
        aria-label={t('kyc.signature.pad')}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="button-row">
        <Button disabled={!view.canUndo || view.busy} onClick={view.undo}>
          {t('kyc.signature.undo')}
        </Button>
        <Button disabled={!view.canUndo || view.busy} onClick={view.clear}>
          {t('kyc.signature.clear')}
        </Button>
      </div>
      <Button variant="primary" busy={view.busy} onClick={() => view.sign(canvas.current?.toDataURL('image/png') ?? '')}>
        {view.busy ? t('kyc.signature.signing') : t('kyc.signature.sign')}
      </Button>
    </div>
  );
}
