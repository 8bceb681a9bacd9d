import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

const page = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", margin: "0 auto", maxWidth: "560px", padding: "24px" };
const action = {
  backgroundColor: "#b45309",
  borderRadius: "6px",
  color: "#ffffff",
  fontWeight: 600,
  padding: "12px 20px",
};
const footer = { color: "#71717a", fontSize: "12px" };

/** The frame every mail of the shop shares: a heading, the body, at most one call to action, the sign-off. */
export function MailLayout(props: {
  preview: string;
  heading: string;
  greeting: string;
  children: ReactNode;
  action?: { href: string; label: string };
  after?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1">{props.heading}</Heading>
          <Text>{props.greeting}</Text>
          {props.children}
          {props.action && (
            <Section>
              <Button href={props.action.href} style={action}>
                {props.action.label}
              </Button>
            </Section>
          )}
          {props.after && <Text>{props.after}</Text>}
          <Hr />
          <Text style={footer}>Forgeline Tools</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const greetingFor = (name: string) => (name ? `Hello ${name},` : "Hello,");
