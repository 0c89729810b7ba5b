import type { MetadataRoute } from "next";

/** Web app manifest (issue #15): installable from the browser when served over HTTPS or on localhost. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Tandem",
    short_name: "Tandem",
    description: "Tournament software for 2-vs-2 team card-game events",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4338ca",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}
