import { BlogTeasers } from "../../features/blogs/blog-teasers";
import { Banner } from "../../features/marketing/banner";
import { BusinessSummary } from "../../features/marketing/business-summary";
import { NewsletterBox } from "../../features/newsletter/newsletter-box";
import { FeaturedProducts } from "../../features/products/featured-products";
import { CustomerReviews } from "../../features/reviews/customer-reviews";

export default function HomePage() {
  return (
    <div className="flex flex-col gap-14">
      <Banner />
      <FeaturedProducts />
      <CustomerReviews />
      <BusinessSummary />
      <BlogTeasers />
      <NewsletterBox />
    </div>
  );
}
