/**
 * BullMQ job ids of the lanes: `<student>-<stage idempotency key>`. BullMQ ids may not contain ":"
 * (it separates Redis key parts) and may not be plain integers (those are its own counters), so the
 * student part is digits and the key part is restricted to a safe alphabet; the same task always
 * gives the same id, and two students never share one.
 */
import { CuadernoError } from '../errors.js';
import { WORKER } from '../strings/console.js';

const STUDENT = /^[0-9]{1,20}$/;
const KEY = /^[A-Za-z0-9._~=+-]{1,200}$/;

/** The job id of `key` for `student`; throws BAD_REQUEST naming the part that cannot be an id. */
export function jobIdFor(student: string, key: string): string {
  if (!STUDENT.test(student)) throw new CuadernoError('BAD_REQUEST', WORKER.studentId(student), { field: 'student' });
  if (!KEY.test(key)) throw new CuadernoError('BAD_REQUEST', WORKER.jobKey(key), { field: 'key' });
  return `${student}-${key}`;
}

/** The student a lane job id belongs to (the digits before the first "-"). */
export function studentOfJobId(jobId: string): string {
  const i = jobId.indexOf('-');
  return i > 0 ? jobId.slice(0, i) : '';
}
