import type { RecurringAction, Schedule } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormRefusal } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import { apiAuthed } from "../../lib/api-authed";
import { recurringApi } from "../../lib/api-routes/lists";
import { dayText } from "../../lib/date-text";
import { NewScheduleForm, schedulesQueryKey } from "./new-schedule-form";

const STEP_LABELS: Record<RecurringAction, string> = {
  pause: "Pause",
  resume: "Resume",
  skip: "Skip next run",
  end: "End",
};

const STATUS_WORDS: Record<Schedule["status"], string> = { active: "Active", paused: "Paused", ended: "Ended" };

const RUN_WORDS: Record<Schedule["runs"][number]["status"], string> = {
  due: "Being placed",
  placed: "Placed",
  failed: "Not placed",
  skipped: "Skipped",
};

/**
 * /dashboard/recurring (docs/RECURRING.md): a saved list or a past order ordered again on a calendar. Each recurring order shows its
 * next run, its last run's order or why it was not placed, and the steps its status allows; an owner sees every
 * recurring order of the company.
 */
export default function RecurringPage() {
  const schedules = useQuery({ queryKey: schedulesQueryKey, queryFn: () => apiAuthed(recurringApi.schedules) });
  if (endsSignIn(schedules.error)) return <SignOutToLogin />;
  return (
    <section aria-labelledby="recurring-heading" className="flex flex-col gap-6">
      <h1 id="recurring-heading" className="text-2xl font-bold sm:text-3xl">
        Recurring orders
      </h1>
      {schedules.isPending && <p>Loading recurring orders…</p>}
      {schedules.data && schedules.data.length === 0 && <p>No recurring order yet: set one up below.</p>}
      {schedules.data && schedules.data.length > 0 && (
        <ul className="flex flex-col gap-4" aria-label="Recurring orders">
          {schedules.data.map((schedule) => (
            <li key={schedule._id}>
              <ScheduleCard schedule={schedule} />
            </li>
          ))}
        </ul>
      )}
      <NewScheduleForm />
    </section>
  );
}

function ScheduleCard({ schedule }: { schedule: Schedule }) {
  const queryClient = useQueryClient();
  const step = useMutation({
    mutationFn: (action: RecurringAction) => apiAuthed(recurringApi.step(schedule._id, action)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
  const last = schedule.runs[0];
  const headingId = `schedule-${schedule._id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <h2 id={headingId} className="text-xl font-bold break-words">
        {schedule.name}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/70">How often</dt>
        <dd>{schedule.cadence}</dd>
        <dt className="text-base-content/70">Status</dt>
        <dd>{STATUS_WORDS[schedule.status]}</dd>
        <dt className="text-base-content/70">Next run</dt>
        <dd>
          {schedule.status === "active" && schedule.nextRunOn
            ? dayText(schedule.nextRunOn, true)
            : schedule.status === "paused"
              ? "Paused"
              : "None"}
        </dd>
        <dt className="text-base-content/70">Last run</dt>
        <dd>
          {!last && "None yet"}
          {last && (
            <>
              {dayText(last.runOn, true)}: {RUN_WORDS[last.status]}
              {last.orderId && (
                <>
                  {" "}
                  (
                  <Link className="link link-primary" to={paths.myOrder(last.orderId)}>
                    its order
                  </Link>
                  )
                </>
              )}
              {last.reason && <span className="block text-error">{last.reason}</span>}
            </>
          )}
        </dd>
      </dl>
      {schedule.actions.length > 0 && (
        <div className="mt-3 flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {schedule.actions.map((action) => (
              <button
                key={action}
                type="button"
                className="btn btn-sm"
                disabled={step.isPending}
                onClick={() => step.mutate(action)}
              >
                {STEP_LABELS[action]}
              </button>
            ))}
          </div>
          <FormRefusal error={step.error} fields={[]} />
        </div>
      )}
    </section>
  );
}
