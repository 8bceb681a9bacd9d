import type { PublicConfig } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";

export function usePublicConfig() {
  return useQuery({ queryKey: ["config"], queryFn: () => apiGet<PublicConfig>("/api/config"), staleTime: Infinity });
}
