//! Every GPU row's sources open with its vendor's own spec sheet where one exists
//! (nvidia.com, amd.com, apple.com), so a reader checks a figure against the maker, not
//! against a third-party table first; the rows without one are a floor this test keeps.

use vramguide::catalog::{Catalog, Vendor};

/// Rows whose first source is their vendor's page. Raised as pages are found: the three
/// left are the AWS-only A10G and two modded boards (see data/SOURCES.md).
const VENDOR_LED_FLOOR: usize = 68;

/// The host of an http(s) source, None for a repository or a free-text citation.
fn host(source: &str) -> Option<&str> {
    let rest = source
        .strip_prefix("https://")
        .or_else(|| source.strip_prefix("http://"))?;
    rest.split('/').next()
}

/// The vendor's own domain.
fn domain(v: Vendor) -> &'static str {
    match v {
        Vendor::Nvidia => "nvidia.com",
        Vendor::Amd => "amd.com",
        Vendor::Apple => "apple.com",
    }
}

fn on(host: &str, domain: &str) -> bool {
    host == domain || host.ends_with(&format!(".{domain}"))
}

#[test]
fn vendor_spec_sheets_lead_the_gpu_sources() {
    let catalog = Catalog::get();
    let mut led = Vec::new();
    for g in &catalog.gpus {
        let first = g.sources.first().map(String::as_str).unwrap_or_default();
        let Some(h) = host(first) else { continue };
        if ["nvidia.com", "amd.com", "apple.com", "intel.com"]
            .iter()
            .any(|d| on(h, d))
        {
            // The maker's page, over https, of this row's maker.
            assert!(first.starts_with("https://"), "{}: {first}", g.id);
            assert!(
                on(h, domain(g.vendor)),
                "{}: {first} is not {:?}'s",
                g.id,
                g.vendor
            );
            led.push(g.id.as_str());
        }
    }
    assert!(
        led.len() >= VENDOR_LED_FLOOR,
        "{} of {} rows lead with the vendor's page (floor {VENDOR_LED_FLOOR})",
        led.len(),
        catalog.gpus.len()
    );
    // The datacenter and flagship cards people ask about most are among them.
    for id in [
        "rtx-4090",
        "rtx-5090",
        "a100-80gb-sxm",
        "h200-sxm",
        "b200",
        "mi300x",
        "l40s",
    ] {
        assert!(
            led.contains(&id),
            "{id} does not lead with its vendor's page"
        );
    }
}
