import type {
  CartFillAnswer,
  CartImportBody,
  ListChangeBody,
  ListImportAnswer,
  NewListBody,
  NewScheduleBody,
  SavedList,
  Schedule,
} from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** Saved lists (docs/RECURRING.md): kept, changed, put in the cart, and out and in as CSV. */
export const listApi = {
  lists: "GET /api/lists" as Route<SavedList[]>,
  createList: "POST /api/lists" as Route<{ insertedId: string }, NewListBody>,
  changeList: (listId: string) => `PATCH /api/lists/${part(listId)}` as Route<SavedList, ListChangeBody>,
  deleteList: (listId: string) => `DELETE /api/lists/${part(listId)}` as Route<{ deletedCount: number }>,
  addToCart: (listId: string) => `POST /api/lists/${part(listId)}/cart` as Route<CartFillAnswer>,
  csv: (listId: string) => `GET /api/lists/${part(listId)}/csv` as Route<Blob>,
  importRows: (listId: string) => `POST /api/lists/${part(listId)}/import` as Route<ListImportAnswer, CartImportBody>,
};

/** Recurring orders: made from a list or an order, and paused, resumed, skipped or ended. */
export const recurringApi = {
  schedules: "GET /api/recurring" as Route<Schedule[]>,
  createSchedule: "POST /api/recurring" as Route<{ insertedId: string }, NewScheduleBody>,
  step: (scheduleId: string, action: "pause" | "resume" | "skip" | "end") =>
    `POST /api/recurring/${part(scheduleId)}/${action}` as Route<Schedule>,
};
