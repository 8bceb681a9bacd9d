import type { NewScheduleBody, RecurringAction, Schedule } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { FormRefusal, fieldError } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { SelectField } from "../../components/select-field";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import { apiAuthed } from "../../lib/api-authed";
import { listApi, recurringApi } from "../../lib/api-routes/lists";
import { dayText } from "../../lib/date-text";

const schedulesQueryKey = ["recurring"] as const;

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
 * /dashboard/recurring (docs/RECURRING.md): a saved list ordered again on a calendar. Each recurring order shows its
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

const today = () => new Date().toISOString().slice(0, 10);

/** The list a list's "Order on a schedule" names (`?list=`), read once as the form opens (a signed-in page only). */
const listAsked = () =>
  typeof window === "undefined" ? "" : (new URLSearchParams(window.location.search).get("list") ?? "");

/** Set up a recurring order of a saved list: how often, from when, where it goes and how it is paid. */
function NewScheduleForm() {
  const queryClient = useQueryClient();
  const lists = useQuery({ queryKey: ["lists"], queryFn: () => apiAuthed(listApi.lists) });
  const [listId, setListId] = useState(listAsked);
  const [unit, setUnit] = useState<"weeks" | "months">("weeks");
  const [every, setEvery] = useState("1");
  const [day, setDay] = useState("1");
  const [startsOn, setStartsOn] = useState(today());
  const [paymentMethod, setPaymentMethod] = useState<"card" | "invoice">("card");
  const [phone, setPhone] = useState("");
  const [address, setAddress] = useState("");
  const [poNumber, setPoNumber] = useState("");
  const create = useMutation({
    mutationFn: (body: NewScheduleBody) => apiAuthed(recurringApi.createSchedule, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
  const chosen = listId || lists.data?.[0]?._id || "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({
      from: { listId: chosen },
      every: unit === "weeks" ? { weeks: Number(every) } : { months: Number(every), day: Number(day) },
      startsOn,
      paymentMethod,
      phone,
      address,
      ...(poNumber && { poNumber }),
    });
  }

  const error = (field: string) => fieldError(create.error, field);
  return (
    <form noValidate aria-labelledby="new-schedule-heading" className="flex max-w-xl flex-col gap-3" onSubmit={submit}>
      <h2 id="new-schedule-heading" className="text-xl font-bold">
        Set up a recurring order
      </h2>
      <SelectField
        label="Saved list to order"
        name="from.listId"
        value={chosen}
        error={error("from.listId")}
        options={(lists.data ?? []).map((list) => ({ value: list._id, label: list.name }))}
        onChange={(event) => setListId(event.target.value)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">How often</legend>
        <SelectField
          label="Every"
          name="unit"
          value={unit}
          options={[
            { value: "weeks", label: "so many weeks" },
            { value: "months", label: "so many months, on a day of the month" },
          ]}
          onChange={(event) => setUnit(event.target.value as "weeks" | "months")}
        />
        <Field
          label={unit === "weeks" ? "Number of weeks" : "Number of months"}
          name={unit === "weeks" ? "every.weeks" : "every.months"}
          inputMode="numeric"
          value={every}
          error={error(unit === "weeks" ? "every.weeks" : "every.months")}
          onChange={(event) => setEvery(event.target.value)}
        />
        {unit === "months" && (
          <Field
            label="Day of the month (31: the last day of shorter months)"
            name="every.day"
            inputMode="numeric"
            value={day}
            error={error("every.day")}
            onChange={(event) => setDay(event.target.value)}
          />
        )}
      </fieldset>
      <Field
        label="First run on"
        name="startsOn"
        type="date"
        value={startsOn}
        error={error("startsOn")}
        onChange={(event) => setStartsOn(event.target.value)}
      />
      <SelectField
        label="Payment"
        name="paymentMethod"
        value={paymentMethod}
        error={error("paymentMethod")}
        options={[
          { value: "card", label: "By card" },
          { value: "invoice", label: "On account, by invoice" },
        ]}
        onChange={(event) => setPaymentMethod(event.target.value as "card" | "invoice")}
      />
      <p className="text-sm">By card, each order is placed unpaid and mailed to you with its payment link.</p>
      <Field
        label="Phone"
        name="phone"
        type="tel"
        value={phone}
        error={error("phone")}
        onChange={(event) => setPhone(event.target.value)}
      />
      <Field
        label="Delivery address"
        name="address"
        value={address}
        error={error("address")}
        onChange={(event) => setAddress(event.target.value)}
      />
      <Field
        label="PO number (optional)"
        name="poNumber"
        value={poNumber}
        error={error("poNumber")}
        onChange={(event) => setPoNumber(event.target.value)}
      />
      <FormRefusal
        error={create.error}
        fields={[
          "from.listId",
          "every.weeks",
          "every.months",
          "every.day",
          "startsOn",
          "paymentMethod",
          "phone",
          "address",
          "poNumber",
        ]}
      />
      {create.isSuccess && <p role="status">Recurring order set up: its first run is shown above.</p>}
      <button type="submit" className="btn btn-primary self-start" disabled={create.isPending || !chosen}>
        Set up recurring order
      </button>
    </form>
  );
}
