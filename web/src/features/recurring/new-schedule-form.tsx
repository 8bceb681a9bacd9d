import type { NewScheduleBody } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { CompanyDeliveryFields, type DeliveryField, useCompanyDelivery } from "../../components/company-delivery";
import { Field } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { SelectField } from "../../components/select-field";
import { paths } from "../../config/paths";
import { apiAuthed } from "../../lib/api-authed";
import { listApi, recurringApi } from "../../lib/api-routes/lists";
import { orderApi } from "../../lib/api-routes/orders";
import { useSearchParams } from "../../lib/router";

export const schedulesQueryKey = ["recurring"] as const;

const today = () => new Date().toISOString().slice(0, 10);

const REFUSABLE = [
  "from.listId",
  "from.orderId",
  "every.weeks",
  "every.months",
  "every.day",
  "startsOn",
  "paymentMethod",
  "phone",
  "address",
  "addressId",
  "poNumber",
];

/**
 * Set up a recurring order (docs/RECURRING.md, 'Recurring orders'): of a saved list, or of a past order when the
 * page is opened from that order's "Repeat this order" (`?order=`; a list's "Order on a schedule" opens it with
 * `?list=`); how often, from when, how it is paid, and where it goes: one of the company's delivery addresses when
 * the buyer's company keeps them (as the checkout offers them), else an address typed.
 */
export function NewScheduleForm() {
  const queryClient = useQueryClient();
  const [asked] = useSearchParams();
  const lists = useQuery({ queryKey: ["lists"], queryFn: () => apiAuthed(listApi.lists) });
  const [orderId, setOrderId] = useState(() => asked.get("order") ?? "");
  const [listId, setListId] = useState(() => asked.get("list") ?? "");
  const [unit, setUnit] = useState<"weeks" | "months">("weeks");
  const [every, setEvery] = useState("1");
  const [day, setDay] = useState("1");
  const [startsOn, setStartsOn] = useState(today());
  const [paymentMethod, setPaymentMethod] = useState<"card" | "invoice">("card");
  const [phone, setPhone] = useState("");
  const [where, setWhere] = useState<Record<DeliveryField, string>>({ address: "", addressId: "", poNumber: "" });
  const delivery = useCompanyDelivery();
  const create = useMutation({
    mutationFn: (body: NewScheduleBody) => apiAuthed(recurringApi.createSchedule, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey }),
  });
  const chosenList = listId || lists.data?.[0]?._id || "";
  const choosingAddress = delivery.addresses.length > 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(
      {
        from: orderId ? { orderId } : { listId: chosenList },
        every: unit === "weeks" ? { weeks: Number(every) } : { months: Number(every), day: Number(day) },
        startsOn,
        paymentMethod,
        phone,
        ...(choosingAddress ? { addressId: where.addressId } : { address: where.address }),
        ...(where.poNumber && { poNumber: where.poNumber }),
      },
      { onError: (error) => focusFirstRefused(form, error) },
    );
  }

  /** The delivery fields' state as company-delivery.tsx's fields take a form's fields. */
  const register = (name: DeliveryField) => ({
    name,
    value: where[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setWhere((all) => ({ ...all, [name]: event.target.value })),
    ref: () => {},
  });
  const error = (field: string) => fieldError(create.error, field);
  return (
    <form noValidate aria-labelledby="new-schedule-heading" className="flex max-w-xl flex-col gap-3" onSubmit={submit}>
      <h2 id="new-schedule-heading" className="text-xl font-bold">
        Set up a recurring order
      </h2>
      {orderId ? (
        <OrderSource
          orderId={orderId}
          error={error("from.orderId")}
          onListInstead={lists.data?.length ? () => setOrderId("") : undefined}
        />
      ) : (
        <SelectField
          label="Saved list to order"
          name="from.listId"
          value={chosenList}
          error={error("from.listId")}
          options={(lists.data ?? []).map((list) => ({ value: list._id, label: list.name }))}
          onChange={(event) => setListId(event.target.value)}
        />
      )}
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
      <CompanyDeliveryFields
        delivery={delivery}
        register={register}
        errorOf={error}
        phone={{ value: phone, onChange: setPhone }}
      />
      <FormRefusal error={create.error} fields={REFUSABLE} />
      {create.isSuccess && <p role="status">Recurring order set up: its first run is shown above.</p>}
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={create.isPending || !(orderId || chosenList)}
      >
        Set up recurring order
      </button>
    </form>
  );
}

/**
 * The past order a recurring order repeats (its lines, copied when it is set up), by its number; a list may be
 * chosen instead. An order not the buyer's answers 404, said here as the server says it on setting up.
 */
function OrderSource({
  orderId,
  error,
  onListInstead,
}: {
  orderId: string;
  error: string | undefined;
  onListInstead: (() => void) | undefined;
}) {
  const order = useQuery({
    queryKey: ["recurring", "source-order", orderId],
    retry: false,
    queryFn: () => apiAuthed(orderApi.order(orderId)),
  });
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">What to order</p>
      <p>
        From: order{" "}
        {order.data ? (
          <Link className="link link-primary" to={paths.myOrder(orderId)}>
            {order.data.number}
          </Link>
        ) : order.isError ? (
          "(not found among your orders)"
        ) : (
          "…"
        )}
      </p>
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {onListInstead && (
        <button type="button" className="btn btn-sm self-start" onClick={onListInstead}>
          Order a saved list instead
        </button>
      )}
    </div>
  );
}
