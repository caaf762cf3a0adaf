//! Where Hub requests may go: the configured endpoint, and the Hub's own CDN hosts when a
//! weight file redirects there, never an internal address whatever a redirect or the DNS
//! says. Two checks, because either alone has a gap: the redirect policy sees every hop's
//! host (IP literals never reach a resolver), the resolver sees the addresses a name
//! really points at (a listed name can resolve to 127.0.0.1).

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use url::Url;

/// The real Hub's download hosts: weight files answer 302 to its LFS CDN
/// (`cdn-lfs.huggingface.co` and its regional `cdn-lfs-us-1` / `cdn-lfs-eu-1` mirrors) or,
/// for repos stored with Xet, to `cas-bridge.xethub.hf.co`; `.hf.co` (a leading dot means
/// "any subdomain") covers the Xet hosts and the CDN's `hf.co` names. Set
/// VRAMGUIDE_HUB_REDIRECT_HOSTS to replace the list (a mirror with its own CDN).
pub const DEFAULT_REDIRECT_HOSTS: &[&str] = &[
    "cdn-lfs.huggingface.co",
    "cdn-lfs-us-1.huggingface.co",
    "cdn-lfs-eu-1.huggingface.co",
    ".hf.co",
];

/// Most redirects one request follows (the Hub needs one: resolve -> CDN).
const MAX_REDIRECTS: usize = 5;

/// Hosts a request may reach: the endpoint's origin, and the listed CDN names.
#[derive(Debug, Clone)]
pub struct Allowed {
    /// The endpoint's host (lowercase) and port: trusted as the operator configured it,
    /// loopback included (the tests' fake Hub lives on 127.0.0.1).
    endpoint_host: String,
    endpoint_port: Option<u16>,
    cdn: Arc<[String]>,
}

impl Allowed {
    pub fn new(endpoint: &Url, cdn: &[String]) -> Allowed {
        Allowed {
            endpoint_host: endpoint.host_str().unwrap_or("").to_ascii_lowercase(),
            endpoint_port: endpoint.port_or_known_default(),
            cdn: cdn
                .iter()
                .map(|h| h.trim().to_ascii_lowercase())
                .filter(|h| !h.is_empty())
                .collect(),
        }
    }

    /// True when a redirect may go to `url`: the endpoint's own origin, or an https (or,
    /// for a plain-http endpoint, http) URL on a listed CDN name that is not an IP literal.
    pub fn may_follow(&self, url: &Url) -> bool {
        let host = url.host_str().unwrap_or("").to_ascii_lowercase();
        if host == self.endpoint_host && url.port_or_known_default() == self.endpoint_port {
            return true;
        }
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if !matches!(url.scheme(), "http" | "https") || host.parse::<IpAddr>().is_ok() {
            return false;
        }
        self.cdn.iter().any(|entry| match entry.strip_prefix('.') {
            Some(domain) => host
                .strip_suffix(domain)
                .is_some_and(|sub| sub.ends_with('.') && sub.len() > 1),
            None => host == entry,
        })
    }

    /// The redirect policy: at most [`MAX_REDIRECTS`] hops, each one allowed. A refused hop
    /// is an error before any byte of it is read, so nothing from there reaches an answer.
    pub fn redirect_policy(self) -> reqwest::redirect::Policy {
        reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error(Refused::TooManyRedirects)
            } else if self.may_follow(attempt.url()) {
                attempt.follow()
            } else {
                attempt.error(Refused::Redirect)
            }
        })
    }
}

/// Why a request was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("redirect outside the Hub refused")]
    Redirect,
    #[error("too many redirects")]
    TooManyRedirects,
    #[error("a Hub host resolved to an internal address")]
    InternalAddress,
}

/// Resolves names with the system resolver, dropping every address that is not public,
/// except for the endpoint's own host (its operator chose it).
#[derive(Debug, Clone)]
pub struct PublicResolver {
    endpoint_host: String,
}

impl PublicResolver {
    pub fn new(allowed: &Allowed) -> PublicResolver {
        PublicResolver {
            endpoint_host: allowed.endpoint_host.clone(),
        }
    }
}

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_ascii_lowercase();
        let trusted = host == self.endpoint_host;
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| trusted || is_public(a.ip()))
                .collect();
            if found.is_empty() {
                return Err(Box::new(Refused::InternalAddress) as _);
            }
            Ok(Box::new(found.into_iter()) as Addrs)
        })
    }
}

/// True for an address on the public internet: not loopback, private, link-local (the
/// cloud metadata service, 169.254.169.254), shared (100.64/10, Alibaba's metadata),
/// unique-local (fd00:ec2::254, AWS's IPv6 metadata), multicast, documentation or
/// reserved; IPv4 inside IPv6 (mapped, NAT64) is judged as IPv4.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let s = ip.segments();
    // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits.
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        let [.., hi, lo] = s;
        return is_public_v4(Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo)));
    }
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
        || (s[0] == 0x2001 && s[1] == 0x0db8)
        || s[..6] == [0, 0, 0, 0, 0, 0])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed() -> Allowed {
        let cdn: Vec<String> = DEFAULT_REDIRECT_HOSTS
            .iter()
            .map(|s| s.to_string())
            .collect();
        Allowed::new(&Url::parse("https://huggingface.co").unwrap(), &cdn)
    }

    #[test]
    fn only_the_endpoint_and_the_cdn_are_followed() {
        let a = allowed();
        for ok in [
            "https://huggingface.co/x/resolve/main/a",
            "https://cdn-lfs-us-1.huggingface.co/repos/a/b",
            "https://cas-bridge.xethub.hf.co/xet-bridge-us/abc",
        ] {
            assert!(a.may_follow(&Url::parse(ok).unwrap()), "{ok}");
        }
        for bad in [
            "http://127.0.0.1:8080/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/",
            "https://huggingface.co:8443/",
            "https://evilhf.co/",
            "https://hf.co.evil.example/",
            "https://cdn-lfs.huggingface.co.evil.example/",
            "file:///etc/passwd",
            "gopher://cdn-lfs.huggingface.co/",
        ] {
            assert!(!a.may_follow(&Url::parse(bad).unwrap()), "{bad}");
        }
        // The endpoint's own origin stays allowed, loopback included.
        let local = Allowed::new(&Url::parse("http://127.0.0.1:4000").unwrap(), &[]);
        assert!(local.may_follow(&Url::parse("http://127.0.0.1:4000/cdn/x").unwrap()));
        assert!(!local.may_follow(&Url::parse("http://127.0.0.1:4001/cdn/x").unwrap()));
    }

    #[test]
    fn internal_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.100.100.200",
            "0.0.0.0",
            "::1",
            "fe80::1",
            "fd00:ec2::254",
            "::ffff:127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "::",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["18.244.202.73", "2600:9000:2000::1", "::ffff:8.8.8.8"] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }
}
