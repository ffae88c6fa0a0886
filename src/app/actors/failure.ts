// What flow actors reject with: the one failure type machines read (code, field messages, wait).
export { asError as failure } from '../../../machines/failure';
