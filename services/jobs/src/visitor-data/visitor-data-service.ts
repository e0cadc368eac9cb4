import { HttpError, type ServiceContext, type VisitorRecords } from '@wfm/service-kit';
import { withdrawJob } from '../postings/postings-service.ts';
import * as repo from './visitor-data-repository.ts';

export async function exportJobs(ctx: ServiceContext, poster: Buffer): Promise<VisitorRecords> {
  return { job_posts: await repo.jobPostsOf(ctx.sql, poster) };
}

/** Withdraws every job the visitor posted, through the poster's own withdraw (jobs.job.deleted: the board drops it). */
export async function eraseJobs(ctx: ServiceContext, poster: Buffer): Promise<Record<string, number>> {
  let job_posts = 0;
  for (const job of await repo.jobPostsOf(ctx.sql, poster)) {
    try {
      await withdrawJob(ctx, Number(job.id), poster);
      job_posts += 1;
    } catch (err) {
      // Removed meanwhile (staff, a parallel erase): gone either way.
      if (!(err instanceof HttpError && err.statusCode === 404)) throw err;
    }
  }
  return { job_posts };
}
