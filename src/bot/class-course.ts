/**
 * The class's course (issue 25 §4). The teacher's `/curso publicar` keeps a copy of the teacher's
 * course at `<dataDir>/curso-clase.json` and gives it to every student: a student without a course
 * of their own gets a copy in their folder now; a student who has one (their copy, maybe edited) is
 * offered the new version with [✅ Usar la nueva] [Seguir con la mía] — a pending change in their own
 * folder (course-proposals.ts), answered by their own parts, so nothing of theirs is overwritten
 * unasked and the weeks that would go with notes are asked about as for any change. A student who
 * joins later gets the published course at join. Each student's course lives in their own folder:
 * nothing crosses between students.
 */
import { sendLong } from './reply-long.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Api } from 'grammy';
import { COURSE_FILE, createCourseFile } from '../store/courseFile.js';
import { userDataDir, type ClassRoster } from '../store/users.js';
import { COURSE_CHAT as T } from '../strings/course-chat.js';
import type { Course } from '../domain/course/course.js';
import { offerPublished } from './course-chat.js';
import { courseHash, createCourseProposals } from './course-proposals.js';
import { LOG } from '../strings/log.js';

/** The published course, in the class's data dir (the same schema as a student's `curso.json`). */
export const CLASS_COURSE_FILE = 'curso-clase.json';

export interface ClassCourseDeps {
  dataDir: string;
  teacherId: number;
  roster: ClassRoster;
  /** The client that sends as one person's own (their taps are theirs). */
  apiFor: (userId: number) => Api;
  log: (message: string, error?: unknown) => void;
}

const classFile = (dataDir: string) => createCourseFile(path.join(dataDir, CLASS_COURSE_FILE));
const ownFile = (dataDir: string, userId: number) => createCourseFile(path.join(userDataDir(dataDir, userId), COURSE_FILE));

/** Gives `published` to one student: a copy when they have no course, else the offer. */
async function giveTo(deps: ClassCourseDeps, userId: number, published: Course): Promise<'copied' | 'asked' | 'same'> {
  const dir = userDataDir(deps.dataDir, userId);
  await mkdir(dir, { recursive: true });
  const own = await ownFile(deps.dataDir, userId).read();
  const api = deps.apiFor(userId);
  if (own === null) {
    await ownFile(deps.dataDir, userId).write(published);
    await api.sendMessage(userId, T.gotCopy(published.titulo, published.semanas.length));
    return 'copied';
  }
  if (courseHash(own) === courseHash(published)) return 'same';
  const offer = await offerPublished(createCourseProposals(dir), own, published);
  await sendLong(api, userId, T.newVersion(published.titulo, published.semanas), offer.markup);
  return 'asked';
}

/** `/curso publicar`: the sentence for the teacher. */
export async function publishCourse(deps: ClassCourseDeps): Promise<string> {
  const course = await ownFile(deps.dataDir, deps.teacherId).read();
  if (course === null) return T.publishDemo();
  await classFile(deps.dataDir).write(course);
  let copied = 0;
  let asked = 0;
  for (const s of await deps.roster.students()) {
    try {
      const r = await giveTo(deps, s.id, course);
      if (r === 'copied') copied++;
      if (r === 'asked') asked++;
    } catch (e) {
      deps.log(LOG.classCourseTo(s.id), e);
    }
  }
  return T.published(course.titulo, copied, asked);
}

/** A student who just joined gets the published course, if there is one. */
/** True when the class has a published course (a student who joins gets a copy of it). */
export async function hasClassCourse(dataDir: string): Promise<boolean> {
  return (await classFile(dataDir).read()) !== null;
}

export async function courseAtJoin(deps: ClassCourseDeps, userId: number): Promise<void> {
  const published = await classFile(deps.dataDir).read();
  if (published) await giveTo(deps, userId, published);
}
