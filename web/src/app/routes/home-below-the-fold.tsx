import { BlogTeasers } from "../../features/blogs/blog-teasers";
import { BusinessSummary } from "../../features/marketing/business-summary";
import { NewsletterBox } from "../../features/newsletter/newsletter-box";
import { CustomerReviews } from "../../features/reviews/customer-reviews";

export default function HomeBelowTheFold() {
  return (
    <>
      <CustomerReviews />
      <BusinessSummary />
      <BlogTeasers />
      <NewsletterBox />
    </>
  );
}
