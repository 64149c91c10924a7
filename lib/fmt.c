/* SPDX-License-Identifier: BSD-2-Clause */
#include "fmt.h"

struct out {
	char *buf;
	size_t size, len;
};

static void emit(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void emit_str(struct out *o, const char *s, int width, int left)
{
	int n = 0;

	while (s[n])
		n++;
	for (; !left && width > n; width--)
		emit(o, ' ');
	while (*s)
		emit(o, *s++);
	for (; left && width > n; width--)
		emit(o, ' ');
}

static void emit_num(struct out *o, unsigned long long v, unsigned int base,
		     int neg, int width, int zero, int left, int upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, len;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	len = n + neg;
	if (neg && zero)
		emit(o, '-');
	for (; !left && width > len; width--)
		emit(o, zero ? '0' : ' ');
	if (neg && !zero)
		emit(o, '-');
	while (n)
		emit(o, tmp[--n]);
	for (; left && width > len; width--)
		emit(o, ' ');
}

int rvpmu_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };

	for (; *fmt; fmt++) {
		int zero = 0, left = 0, width = 0, lng = 0;
		unsigned long long u;
		long long s;

		if (*fmt != '%') {
			emit(&o, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '0')
				zero = 1;
			else if (*fmt == '-')
				left = 1;
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		/* size_t is unsigned long on every target here (LP64, ILP32) */
		for (; *fmt == 'l' || *fmt == 'z'; fmt++)
			lng++;
		if (left)
			zero = 0;
		switch (*fmt) {
		case 'd':
		case 'i':
			s = lng >= 2 ? va_arg(ap, long long) :
			    lng ? va_arg(ap, long) : va_arg(ap, int);
			u = s < 0 ? 0ull - (unsigned long long)s : (unsigned long long)s;
			emit_num(&o, u, 10, s < 0, width, zero, left, 0);
			break;
		case 'u':
		case 'x':
		case 'X':
			u = lng >= 2 ? va_arg(ap, unsigned long long) :
			    lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			emit_num(&o, u, *fmt == 'u' ? 10 : 16, 0, width, zero, left,
				 *fmt == 'X');
			break;
		case 'p':
			emit(&o, '0');
			emit(&o, 'x');
			emit_num(&o, (unsigned long long)(unsigned long)va_arg(ap, void *),
				 16, 0, width, zero, left, 0);
			break;
		case 'c':
			emit(&o, (char)va_arg(ap, int));
			break;
		case 's': {
			const char *str = va_arg(ap, const char *);

			emit_str(&o, str ? str : "(null)", width, left);
			break;
		}
		case '%':
			emit(&o, '%');
			break;
		default:	/* unknown conversion: show it, do not guess */
			emit(&o, '%');
			if (!*fmt)
				goto done;
			emit(&o, *fmt);
		}
	}
done:
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int rvpmu_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = rvpmu_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int rvpmu_fmt_counters(char *buf, size_t size, unsigned long long mask)
{
	size_t len = 0;
	unsigned int i = 0;

	if (size)
		buf[0] = 0;
	if (!mask)
		return rvpmu_snprintf(buf, size, "none");
	while (i < 64) {
		unsigned int j;

		if (!(mask >> i & 1)) {
			i++;
			continue;
		}
		for (j = i; j + 1 < 64 && (mask >> (j + 1) & 1); j++)
			;
		len += (size_t)rvpmu_snprintf(buf + (len < size ? len : size),
					      len < size ? size - len : 0,
					      j == i ? "%s%u" : "%s%u-%u",
					      len ? "," : "", i, j);
		i = j + 1;
	}
	return (int)len;
}

void rvpmu_vprint_locked(volatile int *lock, void (*out)(const char *, unsigned long),
			 const char *fmt, va_list ap)
{
	char buf[320];
	int n = rvpmu_vsnprintf(buf, sizeof(buf), fmt, ap);

	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	while (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE))
		;
	out(buf, (unsigned long)n);
	__atomic_store_n(lock, 0, __ATOMIC_RELEASE);
}

int rvpmu_fmt_grouped(char *buf, size_t size, unsigned long long v)
{
	char digits[24], out[32];
	int n = 0, o = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n--) {
		out[o++] = digits[n];
		if (n && n % 3 == 0)
			out[o++] = ',';
	}
	out[o] = 0;
	return rvpmu_snprintf(buf, size, "%s", out);
}
