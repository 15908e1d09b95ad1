import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A real DNS server on loopback (UDP, dns2) answering TXT questions from a table the test sets:
 * a name with records gets them (each value split into strings of 255 octets, as DNS consoles
 * publish long keys), a name set to [] has no TXT record (NOERROR, no answer), 'SERVFAIL' fails,
 * and any other name does not exist (NXDOMAIN).
 */
export async function startDnsServer() {
  const txt = new Map<string, string[] | 'SERVFAIL'>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = question?.name.toLowerCase() ?? '';
      const records = txt.get(name);
      if (records === 'SERVFAIL') response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (!records) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question?.type === Packet.TYPE.TXT) {
        for (const value of records) {
          const strings: string[] = value.match(/[\s\S]{1,255}/g) ?? [''];
          // A plain record: dns2 encodes it (its type wants the class's toBuffer too).
          const answer = { name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: strings };
          response.answers.push(answer as (typeof response.answers)[number]);
        }
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  return {
    /** ip:port, as EMAIL_HEALTH_DNS_SERVERS takes it. */
    address: `127.0.0.1:${port}`,
    /** The TXT records of a name from now on ([]: none; 'SERVFAIL': the lookup fails; undefined: no such name). */
    set(name: string, records: string[] | 'SERVFAIL' | undefined) {
      if (records === undefined) txt.delete(name.toLowerCase());
      else txt.set(name.toLowerCase(), records);
    },
    close: () => server.close(),
  };
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;
