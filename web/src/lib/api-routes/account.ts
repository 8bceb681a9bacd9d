import type { ImageUploadResponse, InsertedId, Profile, ProfileBody, Review, ReviewBody } from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** A customer's profile and reviews. */
export const accountApi = {
  profile: "GET /api/profile" as Route<Profile[]>,
  saveProfile: "POST /api/profile" as Route<InsertedId, ProfileBody>,
  myReviews: (email: string) => `GET /api/review?limit=100&email=${part(email)}` as Route<Review[]>,
  addReview: "POST /api/review" as Route<InsertedId, ReviewBody>,
  image: "POST /api/image" as Route<ImageUploadResponse, FormData>,
};
