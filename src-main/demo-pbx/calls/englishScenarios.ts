/** The English scenarios: the service calls of the contact centre's English-speaking customers. */
import { agentSays, customerSays, type Scenario } from './scenario';

export const ENGLISH_SCENARIOS: readonly Scenario[] = [
  {
    topic: 'billing',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agentSays('Veltra customer care, {agent} speaking. How can I help?'),
      customerSays("Hi{intro}. My last invoice is {amount} higher than usual and I don't understand why.", 2),
      agentSays('Sorry about the surprise, let me have a look. Could you give me your order number?'),
      customerSays("Sure, it's {order}."),
      agentSays(
        'Thanks. There is a one-off installation fee for the router upgrade last month. That is the difference.',
      ),
      customerSays('Nobody told me there would be a fee for that.', 2),
      agentSays(
        'I understand. I can split it over your next three invoices at no extra cost. Would that help?',
        4,
      ),
      customerSays('Yes, that would be fine. Thank you.', 4),
      agentSays("Done. You'll get a confirmation e-mail today. Is there anything else?", 4),
      customerSays("No, that's all. Bye.", 4),
    ],
    summary:
      '{customerRef} called because the invoice for order {order} was {amount} higher than usual. The agent ' +
      'explained a one-off installation fee for the router upgrade and split it over the next three invoices ' +
      'at no extra cost. The customer agreed; a confirmation e-mail follows.',
    rating: 4,
    justification:
      'The customer was frustrated by an unexplained fee at first, but accepted the instalment offer and ended ' +
      'the call politely.',
  },
  {
    topic: 'delivery',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agentSays('Good morning, Veltra, this is {agent}.'),
      customerSays(
        'Good morning{intro}. My washing machine was supposed to arrive yesterday and nobody came.',
        2,
      ),
      agentSays("I'm sorry to hear that. What's the order number, please?"),
      customerSays('{order}.'),
      agentSays(
        'I can see it. The carrier held it at the depot. The new delivery slot is on {day} between eight and twelve.',
      ),
      customerSays("{day} morning? I'll have to take another day off work.", 1),
      agentSays(
        'I know it is inconvenient. I can offer an evening slot instead, but that would be a day later.',
      ),
      customerSays("No, let's keep {day}. But please make sure they actually come this time.", 2),
      agentSays(
        "There's a note for the carrier now, and you'll get a text message an hour before they arrive.",
        4,
      ),
      customerSays('Okay. Thanks.', 3),
    ],
    summary:
      'Order {order} missed its delivery date because the carrier held it at the depot. The agent rebooked ' +
      'delivery for {day} morning and left a note for the carrier; the customer gets a text an hour before ' +
      'arrival. The customer remains unhappy about taking another day off.',
    rating: 3,
    justification:
      'The problem was solved with a new delivery slot, but the customer stayed dissatisfied with the delay ' +
      'and the inconvenience.',
  },
  {
    topic: 'outage',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agentSays('Veltra technical support, {agent} speaking.'),
      customerSays(
        'Hello{intro}. My internet has been down since this morning and I work from home. ' +
          "It's the second time this week.",
        1,
      ),
      agentSays("I'm sorry, that's really frustrating. Have you tried restarting the router?"),
      customerSays('Yes, twice. The light is still red.', 2),
      agentSays(
        "Thank you. There's an outage in your area and technicians are already on it. " +
          'They expect to finish around four this afternoon.',
      ),
      customerSays("Four? I have meetings all day. Can't you do anything faster?", 1),
      agentSays(
        "I can't speed up the repair, but I can send you a mobile data voucher for today and credit you for the outage.",
        3,
      ),
      customerSays("Fine, send the voucher. But if it happens again, I'm cancelling.", 2),
      agentSays(
        "Understood. Your ticket number is {ticket}, and you'll get a text as soon as the line is back.",
        3,
      ),
    ],
    summary:
      "The customer's internet has been down since the morning, the second outage this week. The agent " +
      'confirmed a local outage with the repair expected around 4 pm, sent a mobile data voucher, credited ' +
      'the outage and opened ticket {ticket}. The customer threatened to cancel if it happens again.',
    rating: 2,
    justification:
      'The customer stayed frustrated: the repair could not be sped up and they mentioned cancelling; the ' +
      'voucher only partly helped.',
  },
  {
    topic: 'moving',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agentSays('Good afternoon, Veltra customer care, {agent} speaking.'),
      customerSays(
        "Hi{intro}. I'm moving next month and I'd like to take my contract to the new address.",
        4,
      ),
      agentSays("Congratulations on the move! I can do that right now. What's the new address?", 4),
      customerSays("It's 14 Maple Street, flat 3, same town."),
      agentSays('Great, the service is available there. When would you like it switched over?', 4),
      customerSays('From the first of next month, please.'),
      agentSays("All set: from the first, at no charge. I'll e-mail you the updated contract.", 5),
      customerSays('Perfect, that was quick. Thank you very much!', 5),
    ],
    summary:
      '{customerRef} is moving and asked to transfer the contract to 14 Maple Street, flat 3. The agent ' +
      'confirmed availability and scheduled the switch for the first of next month at no charge; the updated ' +
      'contract will be e-mailed.',
    rating: 5,
    justification: 'The request was handled quickly and at no cost; the customer thanked the agent warmly.',
  },
  {
    topic: 'refund',
    direction: 'inbound',
    language: 'en_US',
    turns: [
      agentSays('Veltra, this is {agent}. How can I help you?'),
      customerSays(
        'Hello{intro}. The kettle I bought from you two weeks ago has stopped working. It won\u2019t switch on at all.',
        2,
      ),
      agentSays("I'm sorry about that. It's under warranty, of course. Do you have the order number?"),
      customerSays('Yes, {order}.'),
      agentSays('Thanks. Would you prefer a replacement or a refund?'),
      customerSays("A refund, please. I don't want the same model again.", 2),
      agentSays(
        "No problem. I'll send you a prepaid return label. Once the kettle is back with us, {amount} goes back to " +
          'your card within five days.',
        4,
      ),
      customerSays('Alright, that works.', 4),
    ],
    summary:
      'The kettle from order {order} stopped working after two weeks. The customer chose a refund over a ' +
      'replacement; the agent sent a prepaid return label and {amount} will be refunded within five days of ' +
      'receiving the kettle.',
    rating: 4,
    justification: 'The customer was disappointed with the product but satisfied with the quick refund.',
  },
  {
    topic: 'callback',
    direction: 'outbound',
    language: 'en_US',
    turns: [
      agentSays(
        "Hello, this is {agent} from Veltra. I'm calling back about ticket {ticket}. Is now a good time?",
      ),
      customerSays('Yes, go ahead.'),
      agentSays(
        'The technician found the fault on the line outside your building and fixed it this morning. ' +
          'Is your connection working now?',
      ),
      customerSays("Let me check... yes, it's up. The speed looks normal too.", 4),
      agentSays(
        "Great. I've also added a credit for the three days without service to your next invoice.",
        4,
      ),
      customerSays("Oh, that's nice, I didn't expect that. Thank you.", 5),
      agentSays("You're welcome. Have a nice day.", 5),
    ],
    summary:
      'Follow-up call on ticket {ticket}. The line fault outside the building was repaired; the customer ' +
      'confirmed the connection works at normal speed. A credit for three days without service was added to ' +
      'the next invoice.',
    rating: 5,
    justification: 'The customer confirmed the fix and was pleasantly surprised by the credit.',
  },
  {
    topic: 'appointment',
    direction: 'outbound',
    language: 'en_US',
    turns: [
      agentSays(
        "Good morning, it's {agent} from Veltra. I'm calling to confirm the technician's visit on {day}.",
      ),
      customerSays('Oh, right. What time was it again?'),
      agentSays('Between one and three in the afternoon. Does that still suit you?'),
      customerSays("Could it be a bit later? I'm only home from half past two.", 3),
      agentSays('Let me check... yes, I can move it to between three and five.', 4),
      customerSays("That's better, thanks.", 4),
      agentSays('Done. The technician will call you about thirty minutes before arriving.', 4),
    ],
    summary:
      "The agent called to confirm the technician's visit on {day}. At the customer's request the slot moved " +
      'from 1–3 pm to 3–5 pm; the technician will call about 30 minutes ahead.',
    rating: 4,
    justification: 'The customer appreciated the flexibility; the call was short and friendly.',
  },
];
