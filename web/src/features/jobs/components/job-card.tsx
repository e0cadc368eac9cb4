import { type Job } from '@wfm/contracts/jobs/api';
import { PAY_NOT_STATED } from '@wfm/contracts/jobs/labels';
import { buttonClasses } from '@wfm/ui';
import { Banknote, Briefcase, Building2, ExternalLink, MapPin, Tag } from '@wfm/ui/icons';
import { useId, type ReactNode } from 'react';
import { JobStatusBadge } from './job-status-badge.tsx';

function Fact({ icon, children, label }: { icon: ReactNode; children: ReactNode; label: string }) {
  return (
    <li className="flex min-w-0 items-center gap-1.5">
      <span aria-hidden="true" className="shrink-0 text-muted-foreground">
        {icon}
      </span>
      <span className="sr-only">{label}: </span>
      <span className="truncate">{children}</span>
    </li>
  );
}

/** A job card (spec 3 §2); `actions` adds controls such as Withdraw under My job posts. */
export function JobCard({ job, actions }: { job: Job; actions?: ReactNode }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="job-card"
      className="card grid gap-3 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold leading-snug">
          {job.title}
        </h2>
        <JobStatusBadge status={job.status} />
      </div>
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
        <Fact icon={<Building2 className="size-4" />} label="Company">
          {job.company}
        </Fact>
        <Fact icon={<MapPin className="size-4" />} label="Location">
          {job.location}
        </Fact>
        <Fact icon={<Briefcase className="size-4" />} label="Job type">
          {job.job_type}
        </Fact>
        <Fact icon={<Banknote className="size-4" />} label="Salary range">
          {job.salary_range ? (
            <span className="font-medium text-foreground">{job.salary_range}</span>
          ) : (
            <span className="text-muted-foreground">{PAY_NOT_STATED}</span>
          )}
        </Fact>
      </ul>
      <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground" data-testid="job-description">
        {job.description}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <Tag className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Category: </span>
          {job.category}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <a
            href={job.apply_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ size: 'sm' })}
          >
            Apply
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </div>
      </div>
    </article>
  );
}
